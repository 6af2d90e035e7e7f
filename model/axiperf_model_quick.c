// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The per-clock fast path of the model: a clock with no register write.
 *
 * It must equal axiperf_model_clock_ref(m, l, NULL) (axiperf_model.c) on
 * every input: every counter, gauge, flag and the read ID table, after
 * every clock. tests/model checks that on every combination of the wires
 * from many random states.
 *
 * Why it may do less: with no write there is no register access to decode
 * and no snapshot to take; the twelve handshake wires are read as one
 * word (wire_word()) and the category keys made from it with shifts; the
 * steps by 0 of a clock with no address or last-read handshake and no
 * first-read wait are skipped at once, as a step by 0 changes nothing;
 * the tracker maxima are tested before they are raised, as they change
 * only when a tracker passes its maximum; and one copy of the clock is
 * built per kind of parameters (enum model_kind), so that neither the
 * counter width nor the strobe lanes are tested on a clock. The tracker
 * overflow, the read ID table and control run the reference's own steps.
 */
#include "axiperf_model_impl.h"

/*
 * Have x computed here: keeps the compiler from holding every counter's
 * old and new value until the end of the clock (it runs out of registers).
 */
#if defined(__GNUC__)
#define KEEP(x) __asm__("" : "+r"(x))
#else
#define KEEP(x) ((void)0)
#endif

static ALWAYS_INLINE void
clock_quick(struct axiperf_model *m, const struct axiperf_link *l, const int c64,
	    const enum strb_kind strb, const int hw)
{
	const uint32_t wd = wire_word(l), hs = wd & wd >> 1;
	const unsigned int awc = m->aw_count, wc = m->w_count, rc = m->r_count;
	const unsigned int w_prog = m->w_prog;
	const unsigned int aw_out = awc != 0, w_out = wc != 0, r_out = rc != 0;
	const unsigned int aw_hs = hs >> 2 & 1, ar_hs = hs >> 10 & 1;
	const unsigned int w_hs = hs & 1, w_last = hs & wd >> 6 & 1, b_hs = hs >> 4 & 1;
	const unsigned int r_last = hs >> 8 & wd >> 7 & 1;
	const bool idle = (m->perf_err || !(awc | wc | w_prog | rc)) &&
			  !(wd & (W_AWVALID | W_WVALID | W_ARVALID));
	uint32_t causes = 0;

	if (m->triggered && !(idle && m->clear_pending)) {
		uint64_t *cnt = m->cnt;
		uint32_t *g = m->gauge;
		/* the reference's rd_key() and wr_key(), from the wire word */
		const unsigned int rk = wd >> 8 | (m->slot_mask != 0) << 4 | r_out << 5;
		const unsigned int wk = (wd & 0x3f) | aw_out << 6 | w_out << 7 | w_prog << 8;
		const struct axiperf_model_wr_step *e = &m->wr_lut[wk];
		const uint64_t aw_sel = 0 - (uint64_t)aw_hs, ar_sel = 0 - (uint64_t)ar_hs;
		const uint64_t w_sel = 0 - (uint64_t)w_hs;
		uint64_t flip = 0, o, n, w_bytes;
		unsigned int v, wsum, max_w;

#define STEP(idx, d) do { \
		o = cnt[idx]; \
		n = c64 ? o + (d) : (uint32_t)(o + (d)); \
		cnt[idx] = n; \
		flip |= o ^ n; \
		KEEP(flip); \
	} while (0)
#define MAX(name, val) do { \
		v = (val); \
		g[GI_##name] = v > g[GI_##name] ? v : g[GI_##name]; \
	} while (0)

		w_bytes = strobe_bytes(m, l, w_sel, strb, hw);
		STEP(m->rd_lut[rk], 1);
		STEP(e->cnt[0], 1);
		STEP(e->cnt[1], e->inc[1]);
		STEP(e->cnt[2], e->inc[2]);
		STEP(CI_wr_w_bytes, w_bytes);
		if (r_last | m->rd_first | aw_hs | ar_hs) {
			STEP(CI_rd_bursts, r_last);
			STEP(CI_rd_first_lag, m->rd_first);
			STEP(CI_wr_bursts, aw_hs);
			STEP(CI_wr_aw_bytes, ((uint64_t)(l->awlen + 1u) << (l->awsize & 7)) & aw_sel);
			MAX(wr_max_burst_size, l->awlen & (unsigned int)aw_sel);
			STEP(CI_rd_bytes, ((uint64_t)(l->arlen + 1u) << (l->arsize & 7)) & ar_sel);
			MAX(rd_max_burst_size, l->arlen & (unsigned int)ar_sel);
		}
		STEP(CI_rd_inflight, rc & m->lat_mask);
		STEP(CI_rd_waiting, axiperf_model_rd_waiting(rc, m->responding) & m->lat_mask);
		STEP(CI_wr_inflight, axiperf_model_wr_inflight(awc, wc, w_prog) & m->lat_mask);
		STEP(CI_active_cycles, 1);
		if (n == 0) {
			m->active_sat = true;
			causes |= AXIPERF_IRQ_STATUS_ACTIVE_SAT;
		}
		if (flip & ((uint64_t)1 << (c64 ? 63 : 31)))
			causes |= AXIPERF_IRQ_STATUS_HALF;

		/*
		 * A 64-bit difference of two 32-bit values is negative when the
		 * second is the greater: one test for the four maxima. Only
		 * w_count + w_prog can pass its field's width.
		 */
		wsum = wc + w_prog;
		max_w = (1u << GB_wr_max_w_outstanding) - 1;
		wsum = wsum > max_w ? max_w : wsum;
		v = g[GI_wr_max_aw_outstanding] > g[GI_wr_max_w_outstanding] ?
		    g[GI_wr_max_aw_outstanding] : g[GI_wr_max_w_outstanding];
		if ((int64_t)(((uint64_t)g[GI_rd_max_outstanding] - rc) |
			      ((uint64_t)g[GI_wr_max_aw_outstanding] - awc) |
			      ((uint64_t)g[GI_wr_max_w_outstanding] - wsum) |
			      ((uint64_t)g[GI_rd_max_responding] - m->responding)) < 0 ||
		    g[GI_wr_max_outstanding] != v) {
			MAX(rd_max_outstanding, rc);
			MAX(wr_max_aw_outstanding, awc);
			MAX(wr_max_w_outstanding, wsum);
			MAX(rd_max_responding, m->responding);
			g[GI_wr_max_outstanding] = g[GI_wr_max_aw_outstanding] >
						   g[GI_wr_max_w_outstanding] ?
						   g[GI_wr_max_aw_outstanding] :
						   g[GI_wr_max_w_outstanding];
		}
#undef STEP
#undef MAX
	}

	if (!m->perf_err) {
		const unsigned int na = awc + aw_hs - b_hs, nw = wc + w_last - b_hs;
		const unsigned int nr = rc + ar_hs - r_last;

		/* below 0 wraps to above TRACKER_MAX: one test for all six ends */
		if ((na | nw | nr) <= TRACKER_MAX) {
			m->aw_count = na;
			m->w_count = nw;
			m->r_count = nr;
		} else {
			unsigned int ovf = 0;

			m->aw_count = axiperf_model_track(awc, aw_hs, b_hs, &ovf);
			m->w_count = axiperf_model_track(wc, w_last, b_hs, &ovf);
			m->r_count = axiperf_model_track(rc, ar_hs, r_last, &ovf);
			if (ovf) {
				m->perf_err = true;
				causes |= AXIPERF_IRQ_STATUS_PERF_ERR;
			}
		}
	}
	m->w_prog = (wd & W_WVALID) ? !w_last : w_prog;
	if ((wd & W_RVALID) && axiperf_model_track_ids(m, l, r_last)) {
		m->resp_approx = true;
		causes |= AXIPERF_IRQ_STATUS_RESP_APPROX;
	}
	m->rd_first = !(wd & W_RVALID) && (((wd & W_ARVALID) && !r_out) || m->rd_first);

	if (idle && (m->start_pending | m->stop_pending | m->clear_pending))
		axiperf_model_control(m, idle, 0, false);

	if (causes) {
		m->irq_status |= causes;
		m->irq = m->p.has_irq && (m->irq_status & m->irq_enable);
	}
	m->clocks++;
}

/*
 * One function per kind, so that the compiler does not merge the kinds'
 * common parts ahead of the choice (it then keeps them all in registers).
 */
#define QUICK_KIND(name, c64, strb, hw) \
	static NOINLINE void clock_##name(struct axiperf_model *m, const struct axiperf_link *l) \
	{ \
		clock_quick(m, l, c64, strb, hw); \
	} \
	static NOINLINE void clocks_##name(struct axiperf_model *m, const struct axiperf_link *l, \
					   unsigned long n, size_t stride) \
	{ \
		for (; n; n--, l += stride) \
			clock_quick(m, l, c64, strb, hw); \
	}
MODEL_KINDS(QUICK_KIND)
#undef QUICK_KIND

static void (*const clock_of[NUM_KINDS])(struct axiperf_model *m, const struct axiperf_link *l) = {
#define CLOCK_OF(name, c64, strb, hw) [KIND_##name] = clock_##name,
	MODEL_KINDS(CLOCK_OF)
#undef CLOCK_OF
};

static void (*const clocks_of[NUM_KINDS])(struct axiperf_model *m, const struct axiperf_link *l,
					  unsigned long n, size_t stride) = {
#define CLOCKS_OF(name, c64, strb, hw) [KIND_##name] = clocks_##name,
	MODEL_KINDS(CLOCKS_OF)
#undef CLOCKS_OF
};

void axiperf_model_clock(struct axiperf_model *m, const struct axiperf_link *l,
			 const struct axiperf_axil_write *w)
{
	if (w)
		axiperf_model_clock_ref(m, l, w);
	else
		clock_of[kind_of(m)](m, l);
}

void axiperf_model_quick_clocks(struct axiperf_model *m, const struct axiperf_link *l,
				unsigned long n, size_t stride)
{
	if (n)
		clocks_of[kind_of(m)](m, l, n, stride);
}
