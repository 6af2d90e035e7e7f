/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Random AXI4 traffic on the monitored link: our own master and our own
 * slave, so every wire of every clock, valid and ready alike, is known
 * before the clock edge. The pattern changes in phases (rates, burst
 * lengths, ordering, back-pressure, quiet spells that let the bus drain).
 */
#ifndef AXIPERF_TB_TRAFFIC_H
#define AXIPERF_TB_TRAFFIC_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

extern "C" {
#include "axiperf_model.h"
}
#include "rng.h"

class AxiTraffic {
public:
	AxiTraffic(unsigned data_width, unsigned id_width, uint64_t seed);

	/* The link's wires for the next clock; the state moves past it. */
	void step(axiperf_link &l);

	/* Stop issuing new transactions (existing ones complete). */
	void set_quiet(bool q) { forced_quiet_ = q; }
	bool drained() const;

	uint64_t clocks() const { return now_; }

	/* The link is reset: master and slave forget every transaction. */
	void link_reset();

private:
	struct WTxn {
		uint32_t id, addr;
		uint8_t len, size;
		bool aw_done, w_done;
		uint64_t b_at;
	};
	struct RBurst {
		uint32_t id;
		uint16_t len, beat;
		uint64_t ready_at;
	};
	struct RQueue {
		uint32_t id;
		std::deque<RBurst> bursts;
	};
	struct Knobs {
		unsigned p_new_w, p_aw, p_w, p_awready, p_wready, p_bready;
		unsigned p_new_r, p_arready, p_rdata, p_rready;
		unsigned max_wr, max_rd, w_lead, b_delay, r_lat;
		unsigned len_mode;
		bool aw_after_w, interleave, quiet, sparse_strb;
		std::vector<uint32_t> ids;
	};

	void new_phase();
	uint8_t pick_len();
	uint8_t pick_size();
	void beat_strb(const WTxn &t, unsigned beat, uint64_t *strb);
	void schedule_b(WTxn &t);

	Rng rng_;
	unsigned data_bytes_, size_max_, id_width_;
	uint64_t now_ = 0, phase_end_ = 0;
	bool forced_quiet_ = false;
	Knobs k_{};

	/* write: transactions in issue order until their B */
	std::deque<WTxn> wq_;
	size_t aw_i_ = 0, w_i_ = 0;
	unsigned w_beat_ = 0;
	bool awvalid_ = false, wvalid_ = false, bvalid_ = false;
	uint64_t wstrb_[AXIPERF_MODEL_MAX_STRB_WORDS] = {0, 0};

	/* read */
	bool arvalid_ = false;
	uint32_t ar_id_ = 0;
	uint8_t ar_len_ = 0, ar_size_ = 0;
	unsigned rd_out_ = 0;
	std::vector<RQueue> rq_;
	bool rvalid_ = false;
	size_t r_q_ = 0;	/* queue of the beat on the wires */
	bool r_cur_valid_ = false;
	uint32_t r_cur_id_ = 0;	/* burst being sent when not interleaving */
};

#endif
