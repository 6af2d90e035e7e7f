// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * MicroBlaze performance counters: access sequences (UG984 "Performance
 * Monitoring" procedure) through DBG_CTRL / DBG_DATA / DBG_LOCK.
 *
 * Every sequence opens with a look at the access lock and never waits: if
 * the JTAG side holds it the sequence is refused with -EBUSY, and if the
 * JTAG side took it meanwhile the sequence's results are dropped (-EBUSY).
 */
#include "mb_seq.h"

static void mb_dbg_write(const struct mb_io *io, u32 ctrl, u32 data)
{
	io->write(io->ctx, AXIPERF_MB_DBG_CTRL, ctrl);
	io->write(io->ctx, AXIPERF_MB_DBG_DATA, data);
}

static u32 mb_dbg_read(const struct mb_io *io, u32 ctrl)
{
	io->write(io->ctx, AXIPERF_MB_DBG_CTRL, ctrl);
	return io->read(io->ctx, AXIPERF_MB_DBG_DATA);
}

static void mb_command(const struct mb_io *io, u32 cmd)
{
	mb_dbg_write(io, AXIPERF_MB_PCCMDR_DBG_CTRL, cmd);
}

bool mb_seq_jtag_locked(const struct mb_io *io)
{
	return io->read(io->ctx, AXIPERF_MB_DBG_STATUS) & AXIPERF_MB_DBG_STATUS_JTAG_LOCK;
}

static int mb_begin(const struct mb_io *io, unsigned int port)
{
	unsigned int bits = io->nports > 8 ? io->nports : 8;

	if (mb_seq_jtag_locked(io))
		return -EBUSY;
	io->write(io->ctx, AXIPERF_MB_DBG_LOCK, AXIPERF_MB_UNLOCK_KEY);
	if (io->nports > 1)
		mb_dbg_write(io, AXIPERF_MB_DBG_CTRL_VALUE(AXIPERF_MB_TARGET_MDM,
							   AXIPERF_MB_WHICH_MB_CMD, bits),
			     1U << port);
	return 0;
}

static int mb_end(const struct mb_io *io)
{
	bool stolen = mb_seq_jtag_locked(io);

	io->write(io->ctx, AXIPERF_MB_DBG_LOCK, 0);
	return stolen ? -EBUSY : 0;
}

/* The MDM configuration register (magic, number of debug ports). */
int mb_seq_config(const struct mb_io *io, u32 *cfg)
{
	struct mb_io one = *io;
	int ret;

	one.nports = 1;		/* no Which-MB before the port count is known */
	ret = mb_begin(&one, 0);
	if (ret)
		return ret;
	*cfg = mb_dbg_read(&one, AXIPERF_MB_MDM_CONFIG_DBG_CTRL);
	return mb_end(&one);
}

/* Read every counter's status and data items after a Sample (with the sequence open). */
static void mb_read_all(const struct mb_io *io, struct mb_core *c, struct mb_scratch *s)
{
	unsigned int i, n = mb_total_counters(&c->cfg), nitems = mb_total_items(&c->cfg);

	for (i = 0; i < n; i++)
		s->status[i] = mb_dbg_read(io, AXIPERF_MB_PCSR_DBG_CTRL);
	mb_command(io, AXIPERF_MB_PCCMDR_RESET);
	for (i = 0; i < nitems; i++)
		s->items[i] = mb_dbg_read(io, AXIPERF_MB_PCDRR_DBG_CTRL);
}

/* Fold a decoded sample into the totals of the counters in use, except those in `skip`. */
static void mb_account(struct mb_core *c, struct mb_scratch *s, bool clear, u64 skip)
{
	unsigned int i;

	for (i = 0; i < mb_total_counters(&c->cfg); i++)
		if (c->alloc.slot[i].users && !(skip & BIT_ULL(i)))
			mb_acc_update(&c->acc[i], c->cfg.width, mb_counter_kind(&c->cfg, i),
				      &s->vals[i], s->status[i], clear);
}

/*
 * Sample every counter (and clear them when `clear`: one command, Sample
 * before Clear, so nothing is lost), read status and items, and fold the
 * readings of the counters in use into their 64-bit totals.
 */
int mb_seq_sync(const struct mb_io *io, struct mb_core *c, bool clear, struct mb_scratch *s)
{
	u32 cmd = AXIPERF_MB_PCCMDR_SAMPLE | AXIPERF_MB_PCCMDR_RESET;
	int ret;

	ret = mb_begin(io, c->port);
	if (ret)
		return ret;
	if (clear)
		cmd |= AXIPERF_MB_PCCMDR_CLEAR;
	mb_command(io, cmd);
	mb_read_all(io, c, s);
	ret = mb_end(io);
	if (!ret)
		ret = mb_decode_all(&c->cfg, s->items, mb_total_items(&c->cfg), s->vals);
	if (ret)
		return ret;
	mb_account(c, s, clear, 0);
	return 0;
}

/* What a counter starts from: its preset (event counter) or empty (latency counter). */
static void mb_initial(const struct mb_core *c, unsigned int idx, u64 preset, struct mb_values *v)
{
	unsigned int f;

	for (f = 0; f < AXIPERF_MB_NUM_FIELDS; f++)
		v->f[f] = 0;
	if (mb_counter_kind(&c->cfg, idx) == AXIPERF_MB_KIND_EVENT) {
		v->f[AXIPERF_MB_FIELD_COUNT] = preset;
	} else {
		f = mb_field_bits(c->cfg.width, AXIPERF_MB_KIND_LATENCY, AXIPERF_MB_FIELD_MIN);
		v->f[AXIPERF_MB_FIELD_MIN] = (1ULL << f) - 1;
	}
}

/*
 * Freeze: one Sample + Stop + Clear, read every counter's status and items,
 * and fold the readings of the counters in use into their totals, except
 * the counters in `fresh` (taking up a new event: nothing of theirs to
 * account). The access stays open for mb_seq_thaw(), which must follow
 * unless this fails (then the access is closed and the counters are left
 * stopped). Nothing counts between the two: the core's counters pause.
 */
int mb_seq_freeze(const struct mb_io *io, struct mb_core *c, u64 fresh, struct mb_scratch *s)
{
	int ret;

	ret = mb_begin(io, c->port);
	if (ret)
		return ret;
	mb_command(io, AXIPERF_MB_PCCMDR_SAMPLE | AXIPERF_MB_PCCMDR_STOP |
		   AXIPERF_MB_PCCMDR_CLEAR | AXIPERF_MB_PCCMDR_RESET);
	mb_read_all(io, c, s);
	c->running = false;
	if (mb_seq_jtag_locked(io)) {
		io->write(io->ctx, AXIPERF_MB_DBG_LOCK, 0);
		return -EBUSY;
	}
	ret = mb_decode_all(&c->cfg, s->items, mb_total_items(&c->cfg), s->vals);
	if (ret) {	/* out of step: leave the counters stopped, say so */
		io->write(io->ctx, AXIPERF_MB_DBG_LOCK, 0);
		return ret;
	}
	mb_account(c, s, true, fresh);
	return 0;
}

/*
 * Thaw after mb_seq_freeze(): write every counter's event (the control
 * register takes all counters in order) and value (Data Write): the
 * counters in `restart` from their preset (preset[]), those in use and in
 * `keep` back to the value they were sampled at, so that running counts go
 * on from where they were, and every other one from zero (as the Clear
 * left it). Then Start, unless the core is paused (mb_seq_pause()), and
 * close the access. The caller initialises acc[] of a counter in `restart`
 * that takes up a new event; the others' next epoch starts from what was
 * written.
 */
int mb_seq_thaw(const struct mb_io *io, struct mb_core *c, u64 restart, u64 keep,
		struct mb_scratch *s)
{
	unsigned int i, n = mb_total_counters(&c->cfg);
	int ret;

	for (i = 0; i < n; i++) {
		if (!c->alloc.slot[i].users || !(keep & BIT_ULL(i)) || (restart & BIT_ULL(i)))
			mb_initial(c, i, restart & BIT_ULL(i) ? c->preset[i] : 0, &s->vals[i]);
		if (c->alloc.slot[i].users)
			mb_acc_rebase(&c->acc[i], mb_counter_kind(&c->cfg, i), &s->vals[i]);
	}
	mb_command(io, AXIPERF_MB_PCCMDR_RESET);
	for (i = 0; i < n; i++)
		mb_dbg_write(io, AXIPERF_MB_PCCTRLR_DBG_CTRL, c->alloc.slot[i].event);
	mb_command(io, AXIPERF_MB_PCCMDR_RESET);
	for (i = 0; i < n; i++) {
		unsigned int kind = mb_counter_kind(&c->cfg, i);
		int j, k = mb_items_per_counter(c->cfg.width, kind);
		u32 it[AXIPERF_MB_MAX_ITEMS];

		mb_encode(c->cfg.width, kind, &s->vals[i], it, k);
		for (j = 0; j < k; j++)
			mb_dbg_write(io, AXIPERF_MB_PCDWR_DBG_CTRL, it[j]);
	}
	if (!c->paused)
		mb_command(io, AXIPERF_MB_PCCMDR_START);
	ret = mb_end(io);
	c->running = !ret;
	return ret;
}

/*
 * Program every counter's event and (re)start counting, the counters in
 * `fresh` from their preset and the others from where they were:
 * mb_seq_freeze() then mb_seq_thaw(). The caller initialises acc[] of the
 * counters in `fresh` afterwards.
 */
int mb_seq_program(const struct mb_io *io, struct mb_core *c, u64 fresh, struct mb_scratch *s)
{
	int ret = mb_seq_freeze(io, c, fresh, s);

	return ret ? ret : mb_seq_thaw(io, c, fresh, ~fresh, s);
}

/*
 * Pause (Stop) or resume (Start) a core's counters without touching their
 * values, around a group of changes (perf's pmu_disable/pmu_enable): every
 * reading taken while paused sees the same instant.
 */
int mb_seq_pause(const struct mb_io *io, struct mb_core *c, bool pause)
{
	int ret;

	if (c->paused == pause)
		return 0;
	c->paused = pause;
	if (!c->running)
		return 0;
	ret = mb_begin(io, c->port);
	if (ret)
		return ret;
	mb_command(io, pause ? AXIPERF_MB_PCCMDR_STOP : AXIPERF_MB_PCCMDR_START);
	return mb_end(io);
}

/* Account the last counts and stop counting: one Sample + Stop + Clear. */
int mb_seq_stop(const struct mb_io *io, struct mb_core *c, struct mb_scratch *s)
{
	int ret;

	if (!c->running)
		return 0;
	ret = mb_begin(io, c->port);
	if (ret)
		return ret;
	mb_command(io, AXIPERF_MB_PCCMDR_SAMPLE | AXIPERF_MB_PCCMDR_STOP |
		   AXIPERF_MB_PCCMDR_CLEAR | AXIPERF_MB_PCCMDR_RESET);
	mb_read_all(io, c, s);
	ret = mb_end(io);
	c->running = false;
	if (!ret)
		ret = mb_decode_all(&c->cfg, s->items, mb_total_items(&c->cfg), s->vals);
	if (ret)
		return ret;
	mb_account(c, s, true, 0);
	return 0;
}

/* A bare Clear: drops the Dbg_Intr of a core nobody counts on. */
int mb_seq_clear(const struct mb_io *io, unsigned int port)
{
	int ret = mb_begin(io, port);

	if (ret)
		return ret;
	mb_command(io, AXIPERF_MB_PCCMDR_CLEAR);
	return mb_end(io);
}
