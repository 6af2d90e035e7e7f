// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the MDM model's state machine (tools/qemu/mdm/mdm_core.c)
 * against the manuals' protocol: DBG_CTRL/DBG_DATA accesses with the
 * manual's DBG_CTRL values (literals here, on purpose), sequential access
 * with auto-increment, Sample/Clear/Start/Stop/Reset, status bits, the
 * item layout of each width, Dbg_Intr, the access lock and core selection.
 * Expected values are computed by hand from the programmed workload.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mdm_core.h"
#include "mb_items.h"

#define CLEAR 0x10
#define START 0x08
#define STOP 0x04
#define SAMPLE 0x02
#define RESET 0x01

static void unlock(struct mdm_core *m)
{
	mdm_core_write(m, 0x18, 0xEBAB);
}

static void dbg_write(struct mdm_core *m, uint32_t ctrl, uint32_t data)
{
	mdm_core_write(m, 0x10, ctrl);
	mdm_core_write(m, 0x14, data);
}

static uint32_t dbg_read(struct mdm_core *m, uint32_t ctrl)
{
	mdm_core_write(m, 0x10, ctrl);
	return mdm_core_read(m, 0x14);
}

static void cmd(struct mdm_core *m, uint32_t bits)
{
	dbg_write(m, 0x4A404, bits);
}

static void program(struct mdm_core *m, const uint8_t *ev, unsigned int n)
{
	unsigned int i;

	cmd(m, RESET);
	for (i = 0; i < n; i++)
		dbg_write(m, 0x4A207, ev[i]);
}

static void read_items(struct mdm_core *m, uint32_t *items, unsigned int n)
{
	unsigned int i;

	cmd(m, RESET);
	for (i = 0; i < n; i++)
		items[i] = dbg_read(m, 0x4AC1F);
}

static void write_items(struct mdm_core *m, const uint32_t *items, unsigned int n)
{
	unsigned int i;

	cmd(m, RESET);
	for (i = 0; i < n; i++)
		dbg_write(m, 0x4AE1F, items[i]);
}

static void read_status(struct mdm_core *m, uint32_t *st, unsigned int n)
{
	unsigned int i;

	cmd(m, RESET);
	for (i = 0; i < n; i++)
		st[i] = dbg_read(m, 0x4A601);
}

static void select_core(struct mdm_core *m, uint32_t bits)
{
	dbg_write(m, 0x61A07, bits);
}

static void rate(struct mdm_core *m, uint32_t core, uint32_t event, uint32_t num, uint32_t den)
{
	mdm_core_wl_write(m, MDM_WL_CORE, core);
	mdm_core_wl_write(m, MDM_WL_EVENT, event);
	mdm_core_wl_write(m, MDM_WL_RATE_NUM, num);
	mdm_core_wl_write(m, MDM_WL_RATE_DEN, den);
}

static void pattern(struct mdm_core *m, uint32_t event, const uint32_t *lat, uint32_t n)
{
	uint32_t i;

	mdm_core_wl_write(m, MDM_WL_EVENT, event);
	mdm_core_wl_write(m, MDM_WL_LAT_INDEX, 0);
	for (i = 0; i < n; i++)
		mdm_core_wl_write(m, MDM_WL_LAT_VALUE, lat[i]);
	mdm_core_wl_write(m, MDM_WL_LAT_COUNT, n);
}

static struct mdm_core *make(uint32_t cores, uint32_t width, uint32_t ne, uint32_t nl)
{
	static struct mdm_core m;
	const uint32_t widths[MDM_MAX_CORES] = { width, width, width, width,
						 width, width, width, width };

	assert_int_equal(mdm_core_init(&m, cores, widths, ne, nl, 100000000), 0);
	unlock(&m);
	return &m;
}

static void control_writes_program_counters_in_order(void **state)
{
	static const uint8_t ev[] = { 0, 30, 10, 11, 46, 58 };
	struct mdm_core *m = make(1, 32, 5, 1);
	unsigned int i;

	(void)state;
	program(m, ev, 6);
	for (i = 0; i < 6; i++)
		assert_int_equal(m->cpu[0].ctr[i].event, ev[i]);
}

static void counting_runs_from_start_to_stop(void **state)
{
	static const uint8_t ev[] = { 0, 30 };
	struct mdm_core *m = make(1, 32, 2, 0);
	uint32_t it[2];

	(void)state;
	rate(m, 0, 0, 1, 2);		/* an instruction every other cycle */
	program(m, ev, 2);
	mdm_core_advance(m, 40);	/* not started: nothing counts */
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 100);
	cmd(m, SAMPLE | STOP);
	mdm_core_advance(m, 50);
	cmd(m, SAMPLE);
	read_items(m, it, 2);
	assert_int_equal(it[0], 50);
	assert_int_equal(it[1], 100);
}

static void sample_freezes_what_data_read_returns(void **state)
{
	static const uint8_t ev[] = { 30 };
	struct mdm_core *m = make(1, 32, 1, 0);
	uint32_t it;

	(void)state;
	program(m, ev, 1);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 10);
	cmd(m, SAMPLE);
	mdm_core_advance(m, 10);
	read_items(m, &it, 1);
	assert_int_equal(it, 10);
	cmd(m, SAMPLE);
	read_items(m, &it, 1);
	assert_int_equal(it, 20);
}

static void width_32_items_hold_latency_distribution(void **state)
{
	/* E58 every 10 cycles with latencies 4, 6, 11, 4, ...: 10 occurrences in 100
	 * cycles = three whole patterns + 4: N 10, sum 3*21+4 = 67,
	 * sum_sq 3*173+16 = 535, min 4, max 11
	 */
	static const uint8_t ev[] = { 30, 58, 58 };
	static const uint32_t lat[] = { 4, 6, 11 };
	static const uint32_t want[] = { 100, 10, 10, 67, 535, 0x0004000B };
	struct mdm_core *m = make(1, 32, 2, 1);
	uint32_t it[6], st[3];

	(void)state;
	rate(m, 0, 58, 1, 10);
	pattern(m, 58, lat, 3);
	program(m, ev, 3);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 100);
	cmd(m, SAMPLE);
	read_items(m, it, 6);
	assert_memory_equal(it, want, sizeof(want));
	read_status(m, st, 3);
	assert_int_equal(st[0] | st[1], 0);
	assert_int_equal(st[2], 0x1);	/* latency 11 outlasts the 10-cycle interval: Full */
}

static void width_48_items_split_high_and_low(void **state)
{
	/* preset 2^48 - 16, 32 cycles: wraps to 0x10 with overflow. E60 every 4
	 * cycles with latency 100000: N 8, sum 800000 = 0xC3500, sum_sq 8e10 =
	 * 0x12_A05F2000, min = max = 0x186A0; longer than 4 cycles: Full.
	 */
	static const uint8_t ev[] = { 30, 60 };
	static const uint32_t preset[] = { 0x0000FFFF, 0xFFFFFFF0, 0, 0, 0, 0, 0, 0, 0 };
	static const uint32_t lat[] = { 100000 };
	static const uint32_t want[] = { 0, 0x10, 8, 0, 0xC3500, 0x12, 0xA05F2000, 0x186A0,
					 0x186A0 };
	struct mdm_core *m = make(1, 48, 1, 1);
	uint32_t it[9], st[2];

	(void)state;
	rate(m, 0, 60, 1, 4);
	pattern(m, 60, lat, 1);
	program(m, ev, 2);
	cmd(m, CLEAR);
	write_items(m, preset, 2);	/* the event counter only; the latency one stays clear */
	cmd(m, START);
	mdm_core_advance(m, 32);
	cmd(m, SAMPLE);
	read_items(m, it, 9);
	assert_memory_equal(it, want, sizeof(want));
	read_status(m, st, 2);
	assert_int_equal(st[0], 0x2);	/* overflow */
	assert_int_equal(st[1], 0x1);	/* full */
	assert_true(mdm_core_irq(m));
}

static void width_64_items_are_high_then_low(void **state)
{
	static const uint8_t ev[] = { 30 };
	static const uint32_t preset[] = { 0x00000001, 0xFFFFFFFE };
	struct mdm_core *m = make(1, 64, 1, 0);
	uint32_t it[2], st;

	(void)state;
	program(m, ev, 1);
	cmd(m, CLEAR);
	write_items(m, preset, 2);
	cmd(m, START);
	mdm_core_advance(m, 3);
	cmd(m, SAMPLE);
	read_items(m, it, 2);
	assert_int_equal(it[0], 2);
	assert_int_equal(it[1], 1);
	read_status(m, &st, 1);
	assert_int_equal(st, 0);
}

static void dbg_intr_rises_at_maximum_and_drops_only_on_clear(void **state)
{
	static const uint8_t ev[] = { 30 };
	static const uint32_t preset[] = { 0xFFFFFFFE };
	struct mdm_core *m = make(1, 32, 1, 0);
	uint32_t st;

	(void)state;
	program(m, ev, 1);
	cmd(m, CLEAR);
	write_items(m, preset, 1);
	cmd(m, START);
	mdm_core_advance(m, 1);
	assert_true(mdm_core_irq(m));	/* reached 0xFFFFFFFF */
	cmd(m, SAMPLE | STOP);
	read_status(m, &st, 1);
	assert_int_equal(st, 0);	/* reached, not yet past */
	assert_true(mdm_core_irq(m));
	cmd(m, CLEAR);
	assert_false(mdm_core_irq(m));
}

static void sample_with_clear_loses_no_event(void **state)
{
	static const uint8_t ev[] = { 30 };
	static const uint64_t steps[] = { 7, 1000, 1, 123456, 99 };
	struct mdm_core *m = make(1, 32, 1, 0);
	uint64_t total = 0, want = 0;
	uint32_t it;
	unsigned int i;

	(void)state;
	program(m, ev, 1);
	cmd(m, CLEAR | START);
	for (i = 0; i < 5; i++) {
		mdm_core_advance(m, steps[i]);
		want += steps[i];
		cmd(m, SAMPLE | CLEAR);
		read_items(m, &it, 1);
		total += it;
	}
	assert_int_equal(total, want);
}

static void jtag_lock_refuses_axi_access(void **state)
{
	static const uint8_t ev[] = { 30 };
	struct mdm_core *m = make(1, 32, 1, 0);
	uint32_t it;

	(void)state;
	program(m, ev, 1);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 5);
	mdm_core_wl_write(m, MDM_WL_CTRL, MDM_WL_CTRL_JTAG_LOCK);
	assert_int_equal(mdm_core_read(m, 0x10) & 1, 1);
	unlock(m);			/* the key does not override the debugger */
	cmd(m, SAMPLE);
	assert_int_equal(dbg_read(m, 0x4AC1F), 0);
	assert_true(mdm_core_wl_read(m, MDM_WL_REFUSED) >= 3);
	mdm_core_wl_write(m, MDM_WL_CTRL, 0);
	assert_int_equal(mdm_core_read(m, 0x10) & 1, 0);
	unlock(m);
	cmd(m, SAMPLE);
	read_items(m, &it, 1);
	assert_int_equal(it, 5);	/* counting went on; the refused Sample did nothing */
}

static void access_without_unlock_key_is_ignored(void **state)
{
	static const uint8_t ev[] = { 30 };
	struct mdm_core *m = make(1, 32, 1, 0);

	(void)state;
	mdm_core_write(m, 0x18, 0x1234);	/* relock */
	program(m, ev, 1);
	assert_int_equal(m->cpu[0].ctr[0].event, 0);
	unlock(m);
	program(m, ev, 1);
	assert_int_equal(m->cpu[0].ctr[0].event, 30);
}

static void data_access_needs_its_own_dbg_ctrl(void **state)
{
	static const uint8_t ev[] = { 30, 0 };
	struct mdm_core *m = make(1, 32, 2, 0);

	(void)state;
	rate(m, 0, 0, 1, 4);
	program(m, ev, 2);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 40);
	cmd(m, SAMPLE | RESET);
	assert_int_equal(dbg_read(m, 0x4AC1F), 40);
	assert_int_equal(mdm_core_read(m, 0x14), 0);	/* not armed: no access, no increment */
	assert_int_equal(dbg_read(m, 0x4AC1F), 10);
	assert_int_equal(dbg_read(m, 0x4AC1F), 0);	/* past the last counter */
}

static void which_mb_selects_the_core(void **state)
{
	static const uint8_t ev[] = { 30 };
	struct mdm_core *m = make(2, 32, 1, 0);
	uint32_t it;

	(void)state;
	rate(m, 1, 30, 1, 2);		/* core 1 runs at half the rate */
	select_core(m, 0x3);		/* writes reach both cores */
	program(m, ev, 1);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 100);
	cmd(m, SAMPLE);
	select_core(m, 0x1);
	read_items(m, &it, 1);
	assert_int_equal(it, 100);
	select_core(m, 0x2);
	read_items(m, &it, 1);
	assert_int_equal(it, 50);
	select_core(m, 0x3);		/* a read with two cores selected is undefined: 0 here */
	assert_int_equal(dbg_read(m, 0x4AC1F), 0);
}

static void cores_may_differ_in_counter_width(void **state)
{
	/* core 0 counts in 32 bits, core 1 in 64: the same 2^32 + 5 cycles */
	static const uint32_t widths[] = { 32, 64 };
	static const uint8_t ev[] = { 30 };
	static struct mdm_core m;
	uint32_t it[2];

	(void)state;
	assert_int_equal(mdm_core_init(&m, 2, widths, 1, 0, 100000000), 0);
	unlock(&m);
	select_core(&m, 0x3);
	program(&m, ev, 1);
	cmd(&m, CLEAR | START);
	mdm_core_advance(&m, (1ULL << 32) + 5);
	cmd(&m, SAMPLE);
	select_core(&m, 0x1);
	read_items(&m, it, 1);
	assert_int_equal(it[0], 5);
	select_core(&m, 0x2);
	read_items(&m, it, 2);
	assert_int_equal(it[0], 1);
	assert_int_equal(it[1], 5);
}

static void mdm_config_reports_magic_and_ports(void **state)
{
	struct mdm_core *m = make(3, 32, 1, 0);
	uint32_t v;

	(void)state;
	v = dbg_read(m, 0x6181F);
	assert_int_equal(v >> 24, 0x42);
	assert_int_equal((v >> 8) & 0xff, 3);
}

static void irq_time_is_predicted_exactly(void **state)
{
	/* one instruction every 3 cycles, 15 below the maximum: 45 cycles */
	static const uint8_t ev[] = { 0 };
	static const uint32_t preset[] = { 0xFFFFFFF0 };
	struct mdm_core *m = make(1, 32, 1, 0);

	(void)state;
	rate(m, 0, 0, 1, 3);
	program(m, ev, 1);
	cmd(m, CLEAR);
	write_items(m, preset, 1);
	cmd(m, START);
	assert_int_equal(mdm_core_cycles_to_irq(m), 45);
	mdm_core_advance(m, 44);
	assert_false(mdm_core_irq(m));
	assert_int_equal(mdm_core_cycles_to_irq(m), 1);
	mdm_core_advance(m, 1);
	assert_true(mdm_core_irq(m));
}

static void fractional_rates_are_exact_across_steps(void **state)
{
	/* 3 events per 7 cycles over 1000 cycles: floor(3000 / 7) = 428 */
	static const uint8_t ev[] = { 5 };
	struct mdm_core *m = make(1, 32, 1, 0);
	uint32_t it;

	(void)state;
	rate(m, 0, 5, 3, 7);
	program(m, ev, 1);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 1);
	mdm_core_advance(m, 13);
	mdm_core_advance(m, 986);
	cmd(m, SAMPLE);
	read_items(m, &it, 1);
	assert_int_equal(it, 428);
}

static void model_items_decode_with_the_driver_logic(void **state)
{
	/* the driver's decoder reads the model's 64-bit sequence back exactly */
	static const uint8_t ev[] = { 30, 0, 62 };
	static const uint32_t lat[] = { 3, 5 };
	struct mdm_core *m = make(1, 64, 2, 1);
	struct mb_config c = { 64, 2, 1 };
	struct mb_values v[3];
	uint32_t it[11];

	(void)state;
	rate(m, 0, 0, 2, 3);
	rate(m, 0, 62, 1, 6);
	pattern(m, 62, lat, 2);
	program(m, ev, 3);
	cmd(m, CLEAR | START);
	mdm_core_advance(m, 600);
	cmd(m, SAMPLE);
	read_items(m, it, 11);
	assert_int_equal(mb_decode_all(&c, it, 11, v), 0);
	assert_int_equal(v[0].f[AXIPERF_MB_FIELD_COUNT], 600);
	assert_int_equal(v[1].f[AXIPERF_MB_FIELD_COUNT], 400);
	/* 100 occurrences alternating 3, 5: sum 400, sum_sq 50*9 + 50*25 = 1700 */
	assert_int_equal(v[2].f[AXIPERF_MB_FIELD_COUNT], 100);
	assert_int_equal(v[2].f[AXIPERF_MB_FIELD_SUM], 400);
	assert_int_equal(v[2].f[AXIPERF_MB_FIELD_SUM_SQ], 1700);
	assert_int_equal(v[2].f[AXIPERF_MB_FIELD_MIN], 3);
	assert_int_equal(v[2].f[AXIPERF_MB_FIELD_MAX], 5);
}

/*
 * The machine's own CPU on the last port: its instructions, cycles and the
 * events it hands in (here load_words, event 1) are what mdm_core_count()
 * hands in (QEMU: executed instructions, virtual time, its translator's
 * events), never the workload's rates; its other events and the other
 * cores follow the workload; the interrupt time is predicted in its events.
 */
static void local_cpu_counts_what_it_is_handed(void **state)
{
	static const uint8_t ev[] = { 0, 30, 12, 1 };
	struct mdm_core *m = make(2, 32, 4, 0);
	uint32_t it[4];

	(void)state;
	assert_int_equal(mdm_core_set_local(m, 0, 1ULL << 1), -1);	/* not the last port */
	assert_int_equal(mdm_core_set_local(m, 1, 1ULL << 1), 0);
	assert_int_equal(mdm_core_wl_read(m, MDM_WL_NUM_CORES), 1);
	rate(m, 1, 0, 1, 1);		/* ignored for the local CPU's instructions */
	rate(m, 1, 1, 1, 1);		/* and for the load words it hands in */
	rate(m, 1, 12, 1, 4);		/* its data cache reads follow the workload */
	select_core(m, 0x2);
	program(m, ev, 4);
	assert_int_equal(mdm_core_selected(m, 1), 0);	/* not started */
	cmd(m, CLEAR | START);
	assert_int_equal(mdm_core_selected(m, 1), 1ULL << 0 | 1ULL << 30 | 1ULL << 12 | 1ULL << 1);
	assert_int_equal(mdm_core_selected(m, 0), 0);
	mdm_core_count(m, 1, 0, 700);
	mdm_core_count(m, 1, 30, 1000);
	mdm_core_count(m, 1, 1, 33);
	mdm_core_advance(m, 400);	/* workload time: only event 12 moves */
	cmd(m, SAMPLE);
	read_items(m, it, 4);
	assert_int_equal(it[0], 700);
	assert_int_equal(it[1], 1000);
	assert_int_equal(it[2], 100);
	assert_int_equal(it[3], 33);
	mdm_core_wl_write(m, MDM_WL_CORE, 1);
	assert_int_equal(mdm_core_wl_read(m, MDM_WL_CYCLES_LO), 1000);
	/* the interrupt comes when the instructions counter reaches 2^32 - 1 */
	assert_int_equal(mdm_core_events_to_irq(m, 1, 0), 0xFFFFFFFFULL - 700);
	assert_int_equal(mdm_core_events_to_irq(m, 1, 1), 0xFFFFFFFFULL - 33);
	/* the workload predicts only its own events (event 12 here) */
	assert_int_equal(mdm_core_cycles_to_irq(m), (0xFFFFFFFFULL - 100) * 4);
	mdm_core_count(m, 1, 1, 0xFFFFFFFFULL - 33);
	assert_true(mdm_core_irq(m));
	assert_int_equal(mdm_core_events_to_irq(m, 1, 0), UINT64_MAX);	/* raised already */
	cmd(m, STOP);
	assert_int_equal(mdm_core_selected(m, 1), 0);
	mdm_core_count(m, 1, 30, 5);	/* stopped: nothing counts */
	mdm_core_count(m, 1, 1, 5);
	cmd(m, SAMPLE);
	read_items(m, it, 4);
	assert_int_equal(it[1], 1000);
	assert_int_equal(it[3], 0xFFFFFFFFU);
}

static void init_refuses_impossible_configurations(void **state)
{
	static const uint32_t w32[MDM_MAX_CORES + 1] = { 32, 32, 32, 32, 32, 32, 32, 32, 32 };
	static const uint32_t mixed[] = { 32, 40 };
	struct mdm_core m;

	(void)state;
	assert_int_equal(mdm_core_init(&m, 0, w32, 5, 1, 1), -1);
	assert_int_equal(mdm_core_init(&m, 9, w32, 5, 1, 1), -1);
	assert_int_equal(mdm_core_init(&m, 2, mixed, 5, 1, 1), -1);
	assert_int_equal(mdm_core_init(&m, 1, w32, 49, 1, 1), -1);
	assert_int_equal(mdm_core_init(&m, 1, w32, 5, 8, 1), -1);
	assert_int_equal(mdm_core_init(&m, 1, w32, 5, 1, 0), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(control_writes_program_counters_in_order),
		cmocka_unit_test(counting_runs_from_start_to_stop),
		cmocka_unit_test(sample_freezes_what_data_read_returns),
		cmocka_unit_test(width_32_items_hold_latency_distribution),
		cmocka_unit_test(width_48_items_split_high_and_low),
		cmocka_unit_test(width_64_items_are_high_then_low),
		cmocka_unit_test(dbg_intr_rises_at_maximum_and_drops_only_on_clear),
		cmocka_unit_test(sample_with_clear_loses_no_event),
		cmocka_unit_test(jtag_lock_refuses_axi_access),
		cmocka_unit_test(access_without_unlock_key_is_ignored),
		cmocka_unit_test(data_access_needs_its_own_dbg_ctrl),
		cmocka_unit_test(which_mb_selects_the_core),
		cmocka_unit_test(cores_may_differ_in_counter_width),
		cmocka_unit_test(mdm_config_reports_magic_and_ports),
		cmocka_unit_test(irq_time_is_predicted_exactly),
		cmocka_unit_test(fractional_rates_are_exact_across_steps),
		cmocka_unit_test(model_items_decode_with_the_driver_logic),
		cmocka_unit_test(local_cpu_counts_what_it_is_handed),
		cmocka_unit_test(init_refuses_impossible_configurations),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("mdm_core", tests, NULL, NULL);
}
