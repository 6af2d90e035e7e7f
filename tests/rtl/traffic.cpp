// SPDX-License-Identifier: GPL-2.0 OR MIT
#include "traffic.h"

#include <cstring>

AxiTraffic::AxiTraffic(unsigned data_width, unsigned id_width, uint64_t seed)
	: rng_(seed), data_bytes_(data_width / 8), size_max_(0), id_width_(id_width)
{
	while ((1u << (size_max_ + 1)) <= data_bytes_)
		size_max_++;
	new_phase();
}

static const unsigned rates[] = { 1000, 1000, 950, 800, 600, 400, 200, 50 };

void AxiTraffic::new_phase()
{
	auto rate = [&] { return rates[rng_.below(sizeof(rates) / sizeof(rates[0]))]; };
	Knobs k{};

	k.quiet = rng_.permille(200);
	/* sparse spells: one burst at a time, so the bus goes idle between
	 * bursts and pending controls meet every kind of near-idle state */
	bool sparse = !k.quiet && rng_.permille(300);
	k.p_new_w = rate();
	k.p_aw = rate();
	k.p_w = rate();
	k.p_awready = rate();
	k.p_wready = rate();
	k.p_bready = rate();
	k.p_new_r = rate();
	k.p_arready = rate();
	k.p_rdata = rate();
	k.p_rready = rate();
	k.w_lead = rng_.below(4);	/* how many bursts W may run ahead of AW */
	k.aw_after_w = k.w_lead && rng_.permille(200);
	k.max_wr = sparse ? 1 : rng_.range(1, 12);
	k.max_rd = sparse ? rng_.below(2) : rng_.range(1, 24);
	if (sparse) {
		k.p_new_w = rng_.range(5, 100);
		k.p_new_r = rng_.permille(500) ? 0 : rng_.range(5, 100);
		/* data first, with gaps: the bus holds only a begun W burst */
		if (rng_.permille(500)) {
			k.w_lead = 1;
			k.aw_after_w = rng_.permille(700);
			k.p_w = rates[3 + rng_.below(4)];
			k.p_aw = rng_.range(5, 60);
		}
	}
	k.b_delay = rng_.below(8);
	k.r_lat = rng_.range(1, 30);
	k.len_mode = sparse && k.p_aw < 100 ? 2 : rng_.below(6);
	k.interleave = rng_.permille(700);
	k.sparse_strb = rng_.permille(300);

	/* a pool of IDs, small enough that IDs repeat (in-order bursts) */
	unsigned pool = id_width_ ? rng_.range(1, 24) : 1;
	uint32_t id_mask = id_width_ ? (uint32_t)((1ull << id_width_) - 1) : 0;
	for (unsigned i = 0; i < pool; i++)
		k.ids.push_back((uint32_t)rng_.next() & id_mask);
	k_ = k;
	phase_end_ = now_ + rng_.range(100, 20000);
}

uint8_t AxiTraffic::pick_len()
{
	switch (k_.len_mode) {
	case 0: return 0;
	case 1: return (uint8_t)rng_.below(4);
	case 2: return (uint8_t)rng_.below(16);
	case 3: return (uint8_t)rng_.below(256);
	default:
		return (uint8_t)(rng_.permille(850) ? rng_.below(8) : rng_.below(256));
	}
}

uint8_t AxiTraffic::pick_size()
{
	/* full width most of the time, narrow otherwise */
	return (uint8_t)(rng_.permille(500) ? size_max_ : rng_.below(size_max_ + 1));
}

void AxiTraffic::beat_strb(const WTxn &t, unsigned beat, uint64_t *strb)
{
	unsigned nb = 1u << t.size;
	uint32_t aligned = t.addr & ~(nb - 1);
	unsigned base = (unsigned)((aligned + (uint64_t)beat * nb) % data_bytes_);
	unsigned lo = beat ? base : t.addr % data_bytes_;
	unsigned hi = base + nb;

	strb[0] = strb[1] = 0;
	for (unsigned i = lo; i < hi; i++)
		strb[i / 64] |= 1ull << (i % 64);
	if (k_.sparse_strb && rng_.permille(300)) {
		strb[0] &= rng_.next();
		strb[1] &= rng_.next();
	}
}

void AxiTraffic::schedule_b(WTxn &t)
{
	t.b_at = now_ + 1 + rng_.below(k_.b_delay + 1);
}

bool AxiTraffic::drained() const
{
	return wq_.empty() && !awvalid_ && !wvalid_ && !bvalid_ && rd_out_ == 0 && !arvalid_;
}

void AxiTraffic::link_reset()
{
	wq_.clear();
	aw_i_ = w_i_ = 0;
	w_beat_ = 0;
	awvalid_ = wvalid_ = bvalid_ = false;
	arvalid_ = false;
	rd_out_ = 0;
	rq_.clear();
	rvalid_ = false;
	r_q_ = 0;
	r_cur_valid_ = false;
	now_++;
}

void AxiTraffic::step(axiperf_link &l)
{
	if (now_ >= phase_end_)
		new_phase();
	bool quiet = k_.quiet || forced_quiet_;

	memset(&l, 0, sizeof(l));

	/* ---- write master: new transactions, AW, W ---- */
	if (!quiet && wq_.size() < k_.max_wr && rng_.permille(k_.p_new_w)) {
		WTxn t{};
		t.id = k_.ids[rng_.below((uint32_t)k_.ids.size())];
		t.len = pick_len();
		t.size = pick_size();
		t.addr = (uint32_t)rng_.next();
		if (rng_.permille(800))
			t.addr &= ~((1u << t.size) - 1);
		wq_.push_back(t);
	}
	if (!awvalid_ && aw_i_ < wq_.size() && rng_.permille(k_.p_aw)) {
		/* in address-after-data spells, AW waits for its burst's data */
		if (!k_.aw_after_w || w_i_ > aw_i_ || (w_i_ == aw_i_ && w_beat_))
			awvalid_ = true;
	}
	if (!wvalid_ && w_i_ < wq_.size()) {
		bool may = w_beat_ || w_i_ < aw_i_ + k_.w_lead;
		if (may && rng_.permille(k_.p_w)) {
			wvalid_ = true;
			beat_strb(wq_[w_i_], w_beat_, wstrb_);
		}
	}
	/* ---- write slave: B once address and all data are in ---- */
	if (!bvalid_ && !wq_.empty()) {
		const WTxn &f = wq_.front();
		if (f.aw_done && f.w_done && now_ >= f.b_at)
			bvalid_ = true;
	}

	/* ---- read master: AR ---- */
	if (!arvalid_ && !quiet && rd_out_ < k_.max_rd && rng_.permille(k_.p_new_r)) {
		arvalid_ = true;
		ar_id_ = k_.ids[rng_.below((uint32_t)k_.ids.size())];
		ar_len_ = pick_len();
		ar_size_ = pick_size();
		rd_out_++;
	}
	/* ---- read slave: a beat of some ready burst, any ID ---- */
	if (!rvalid_ && !rq_.empty() && rng_.permille(k_.p_rdata)) {
		size_t pick = rq_.size();
		if (!k_.interleave && r_cur_valid_) {
			for (size_t i = 0; i < rq_.size(); i++)
				if (rq_[i].id == r_cur_id_)
					pick = i;
		}
		if (pick == rq_.size()) {
			size_t n = 0;
			size_t cand[64];
			for (size_t i = 0; i < rq_.size() && n < 64; i++)
				if (rq_[i].bursts.front().ready_at <= now_)
					cand[n++] = i;
			if (n)
				pick = cand[rng_.below((uint32_t)n)];
		}
		if (pick < rq_.size()) {
			rvalid_ = true;
			r_q_ = pick;
			r_cur_valid_ = true;
			r_cur_id_ = rq_[pick].id;
		}
	}

	/* ---- the wires ---- */
	l.awvalid = awvalid_;
	l.awready = rng_.permille(k_.p_awready);
	if (awvalid_) {
		const WTxn &t = wq_[aw_i_];
		l.awid = t.id;
		l.awlen = t.len;
		l.awsize = t.size;
	}
	l.wvalid = wvalid_;
	l.wready = rng_.permille(k_.p_wready);
	if (wvalid_) {
		l.wlast = w_beat_ == wq_[w_i_].len;
		l.wstrb[0] = wstrb_[0];
		l.wstrb[1] = wstrb_[1];
	}
	l.bvalid = bvalid_;
	l.bready = rng_.permille(k_.p_bready);
	l.arvalid = arvalid_;
	l.arready = rng_.permille(k_.p_arready);
	if (arvalid_) {
		l.arid = ar_id_;
		l.arlen = ar_len_;
		l.arsize = ar_size_;
	}
	l.rvalid = rvalid_;
	l.rready = rng_.permille(k_.p_rready);
	if (rvalid_) {
		const RBurst &b = rq_[r_q_].bursts.front();
		l.rid = b.id;
		l.rlast = b.beat == b.len;
	}

	/* ---- the clock edge ---- */
	if (l.awvalid && l.awready) {
		WTxn &t = wq_[aw_i_];
		t.aw_done = true;
		if (t.w_done)
			schedule_b(t);
		aw_i_++;
		awvalid_ = false;
	}
	if (l.wvalid && l.wready) {
		wvalid_ = false;
		if (l.wlast) {
			WTxn &t = wq_[w_i_];
			t.w_done = true;
			if (t.aw_done)
				schedule_b(t);
			w_i_++;
			w_beat_ = 0;
		} else {
			w_beat_++;
		}
	}
	if (l.bvalid && l.bready) {
		wq_.pop_front();
		aw_i_--;
		w_i_--;
		bvalid_ = false;
	}
	if (l.arvalid && l.arready) {
		RBurst b{ ar_id_, ar_len_, 0, now_ + k_.r_lat };
		size_t i;
		for (i = 0; i < rq_.size(); i++)
			if (rq_[i].id == ar_id_)
				break;
		if (i == rq_.size())
			rq_.push_back(RQueue{ ar_id_, {} });
		rq_[i].bursts.push_back(b);
		arvalid_ = false;
	}
	if (l.rvalid && l.rready) {
		RQueue &q = rq_[r_q_];
		RBurst &b = q.bursts.front();
		rvalid_ = false;
		if (b.beat == b.len) {
			q.bursts.pop_front();
			rd_out_--;
			r_cur_valid_ = false;
			if (q.bursts.empty())
				rq_.erase(rq_.begin() + (long)r_q_);
		} else {
			b.beat++;
		}
	}
	now_++;
}
