/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * The raw per-clock trace of a monitored AXI4 link, as axiperf-replay
 * reads and writes it (--dump-trace, or a trace given as input): the
 * fast way to feed the same traffic to the C model and to the RTL.
 *
 *   header, 32 bytes:  "AXPFTRC1", then little-endian u32 version (1),
 *                      u32 data_width, u32 id_width, 4 x u32 zero
 *   one record of 32 bytes per rising clock edge, little-endian:
 *     u16 flags (AXIPERF_TRACE_F_*), u8 awlen, u8 awsize, u8 arlen,
 *     u8 arsize, u16 0, u16 awid, u16 arid, u16 rid, u16 0,
 *     u64 wstrb[0] (byte lanes 0..63), u64 wstrb[1] (lanes 64..127)
 *
 * Header-only, C99 and C++: a test bench writes records with
 * axiperf_trace_encode() as it drives the link.
 */
#ifndef AXIPERF_TRACE_H
#define AXIPERF_TRACE_H

#include <stdint.h>
#include <string.h>

#include "axiperf_model.h"

#define AXIPERF_TRACE_MAGIC	"AXPFTRC1"
#define AXIPERF_TRACE_VERSION	1
#define AXIPERF_TRACE_HEADER_SIZE	32
#define AXIPERF_TRACE_RECORD_SIZE	32

enum {
	AXIPERF_TRACE_F_AWVALID = 1 << 0,
	AXIPERF_TRACE_F_AWREADY = 1 << 1,
	AXIPERF_TRACE_F_WVALID = 1 << 2,
	AXIPERF_TRACE_F_WREADY = 1 << 3,
	AXIPERF_TRACE_F_WLAST = 1 << 4,
	AXIPERF_TRACE_F_BVALID = 1 << 5,
	AXIPERF_TRACE_F_BREADY = 1 << 6,
	AXIPERF_TRACE_F_ARVALID = 1 << 7,
	AXIPERF_TRACE_F_ARREADY = 1 << 8,
	AXIPERF_TRACE_F_RVALID = 1 << 9,
	AXIPERF_TRACE_F_RREADY = 1 << 10,
	AXIPERF_TRACE_F_RLAST = 1 << 11,
};

static inline void axiperf_trace_put16(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static inline void axiperf_trace_put32(uint8_t *p, uint32_t v)
{
	axiperf_trace_put16(p, v & 0xffff);
	axiperf_trace_put16(p + 2, v >> 16);
}

static inline void axiperf_trace_put64(uint8_t *p, uint64_t v)
{
	axiperf_trace_put32(p, (uint32_t)v);
	axiperf_trace_put32(p + 4, (uint32_t)(v >> 32));
}

static inline uint32_t axiperf_trace_get16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static inline uint32_t axiperf_trace_get32(const uint8_t *p)
{
	return axiperf_trace_get16(p) | axiperf_trace_get16(p + 2) << 16;
}

static inline uint64_t axiperf_trace_get64(const uint8_t *p)
{
	return axiperf_trace_get32(p) | (uint64_t)axiperf_trace_get32(p + 4) << 32;
}

static inline void axiperf_trace_header(uint8_t h[AXIPERF_TRACE_HEADER_SIZE],
					unsigned int data_width, unsigned int id_width)
{
	memset(h, 0, AXIPERF_TRACE_HEADER_SIZE);
	memcpy(h, AXIPERF_TRACE_MAGIC, 8);
	axiperf_trace_put32(h + 8, AXIPERF_TRACE_VERSION);
	axiperf_trace_put32(h + 12, data_width);
	axiperf_trace_put32(h + 16, id_width);
}

/* 0 when h is a trace header this code reads; fills the widths. */
static inline int axiperf_trace_check_header(const uint8_t h[AXIPERF_TRACE_HEADER_SIZE],
					     unsigned int *data_width, unsigned int *id_width)
{
	if (memcmp(h, AXIPERF_TRACE_MAGIC, 8) ||
	    axiperf_trace_get32(h + 8) != AXIPERF_TRACE_VERSION)
		return -1;
	*data_width = axiperf_trace_get32(h + 12);
	*id_width = axiperf_trace_get32(h + 16);
	return 0;
}

static inline void axiperf_trace_encode(uint8_t r[AXIPERF_TRACE_RECORD_SIZE],
					const struct axiperf_link *l)
{
	unsigned int f = 0;

	f |= l->awvalid ? AXIPERF_TRACE_F_AWVALID : 0;
	f |= l->awready ? AXIPERF_TRACE_F_AWREADY : 0;
	f |= l->wvalid ? AXIPERF_TRACE_F_WVALID : 0;
	f |= l->wready ? AXIPERF_TRACE_F_WREADY : 0;
	f |= l->wlast ? AXIPERF_TRACE_F_WLAST : 0;
	f |= l->bvalid ? AXIPERF_TRACE_F_BVALID : 0;
	f |= l->bready ? AXIPERF_TRACE_F_BREADY : 0;
	f |= l->arvalid ? AXIPERF_TRACE_F_ARVALID : 0;
	f |= l->arready ? AXIPERF_TRACE_F_ARREADY : 0;
	f |= l->rvalid ? AXIPERF_TRACE_F_RVALID : 0;
	f |= l->rready ? AXIPERF_TRACE_F_RREADY : 0;
	f |= l->rlast ? AXIPERF_TRACE_F_RLAST : 0;
	memset(r, 0, AXIPERF_TRACE_RECORD_SIZE);
	axiperf_trace_put16(r, f);
	r[2] = l->awlen;
	r[3] = l->awsize;
	r[4] = l->arlen;
	r[5] = l->arsize;
	axiperf_trace_put16(r + 8, l->awid & 0xffff);
	axiperf_trace_put16(r + 10, l->arid & 0xffff);
	axiperf_trace_put16(r + 12, l->rid & 0xffff);
	axiperf_trace_put64(r + 16, l->wstrb[0]);
	axiperf_trace_put64(r + 24, l->wstrb[1]);
}

static inline void axiperf_trace_decode(const uint8_t r[AXIPERF_TRACE_RECORD_SIZE],
					struct axiperf_link *l)
{
	unsigned int f = axiperf_trace_get16(r);

	l->awvalid = f & AXIPERF_TRACE_F_AWVALID;
	l->awready = f & AXIPERF_TRACE_F_AWREADY;
	l->wvalid = f & AXIPERF_TRACE_F_WVALID;
	l->wready = f & AXIPERF_TRACE_F_WREADY;
	l->wlast = f & AXIPERF_TRACE_F_WLAST;
	l->bvalid = f & AXIPERF_TRACE_F_BVALID;
	l->bready = f & AXIPERF_TRACE_F_BREADY;
	l->arvalid = f & AXIPERF_TRACE_F_ARVALID;
	l->arready = f & AXIPERF_TRACE_F_ARREADY;
	l->rvalid = f & AXIPERF_TRACE_F_RVALID;
	l->rready = f & AXIPERF_TRACE_F_RREADY;
	l->rlast = f & AXIPERF_TRACE_F_RLAST;
	l->awlen = r[2];
	l->awsize = r[3];
	l->arlen = r[4];
	l->arsize = r[5];
	l->awid = axiperf_trace_get16(r + 8);
	l->arid = axiperf_trace_get16(r + 10);
	l->rid = axiperf_trace_get16(r + 12);
	l->wstrb[0] = axiperf_trace_get64(r + 16);
	l->wstrb[1] = axiperf_trace_get64(r + 24);
}

#endif /* AXIPERF_TRACE_H */
