// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The event names of <axiperf/figures.h> for the C++ harness (the header's
 * designated array initialisers are C only).
 */
#include <stddef.h>

#include "axiperf/regs.h"
#include "axiperf/figures.h"

const char *twolink_event_name(unsigned int id);

const char *twolink_event_name(unsigned int id)
{
	return id <= AXIPERF_EV_MAX ? axiperf_event_name[id] : NULL;
}
