/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Checks that the random traffic keeps the AXI4 rules the monitor relies
 * on, so a passing random run means something: a VALID stays high with a
 * stable payload until READY; W bursts have the length of their address
 * (data before or after it); B only after both; R beats in order within
 * an ID, RLAST on the last beat, only for accepted addresses; sizes and
 * strobes within the bus.
 */
#ifndef AXIPERF_TB_AXI4_CHECK_H
#define AXIPERF_TB_AXI4_CHECK_H

#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <string>

extern "C" {
#include "axiperf_model.h"
}

class Axi4Check {
public:
	explicit Axi4Check(unsigned data_width) : bytes_(data_width / 8)
	{
		while ((1u << (size_max_ + 1)) <= bytes_)
			size_max_++;
	}

	void clock(const axiperf_link &l, uint64_t c)
	{
		const axiperf_link &p = prev_;

		if (have_prev_) {
			if (p.awvalid && !p.awready &&
			    !(l.awvalid && l.awid == p.awid && l.awlen == p.awlen && l.awsize == p.awsize))
				bad(c, "AW dropped or changed before AWREADY");
			if (p.wvalid && !p.wready &&
			    !(l.wvalid && l.wlast == p.wlast && l.wstrb[0] == p.wstrb[0] &&
			      l.wstrb[1] == p.wstrb[1]))
				bad(c, "W dropped or changed before WREADY");
			if (p.bvalid && !p.bready && !l.bvalid)
				bad(c, "BVALID dropped before BREADY");
			if (p.arvalid && !p.arready &&
			    !(l.arvalid && l.arid == p.arid && l.arlen == p.arlen && l.arsize == p.arsize))
				bad(c, "AR dropped or changed before ARREADY");
			if (p.rvalid && !p.rready && !(l.rvalid && l.rid == p.rid && l.rlast == p.rlast))
				bad(c, "R dropped or changed before RREADY");
		}
		if (l.awvalid && l.awsize > size_max_)
			bad(c, "AWSIZE wider than the bus");
		if (l.arvalid && l.arsize > size_max_)
			bad(c, "ARSIZE wider than the bus");
		if (l.wvalid) {
			uint64_t lanes0 = bytes_ >= 64 ? ~0ull : (1ull << bytes_) - 1;
			uint64_t lanes1 = bytes_ >= 128 ? ~0ull : bytes_ > 64 ? (1ull << (bytes_ - 64)) - 1 : 0;
			if ((l.wstrb[0] & ~lanes0) || (l.wstrb[1] & ~lanes1))
				bad(c, "WSTRB outside the bus");
		}

		/* B needs an address and a last beat taken on earlier clocks */
		if (l.bvalid && l.bready) {
			if (b_ >= aw_ || b_ >= wlast_)
				bad(c, "B before its address and data");
			b_++;
		}
		if (l.wvalid && l.wready) {
			w_beats_++;
			if (l.wlast) {
				w_bursts_.push_back(w_beats_);
				w_beats_ = 0;
				wlast_++;
			}
		}
		if (l.awvalid && l.awready) {
			aw_lens_.push_back(l.awlen + 1u);
			aw_++;
		}
		while (!aw_lens_.empty() && !w_bursts_.empty()) {
			if (aw_lens_.front() != w_bursts_.front())
				bad(c, "W burst length differs from its AWLEN");
			aw_lens_.pop_front();
			w_bursts_.pop_front();
		}

		/* R for accepted bursts only, in order within an ID */
		if (l.rvalid && l.rready) {
			auto it = r_left_.find(l.rid);
			if (it == r_left_.end() || it->second.empty()) {
				bad(c, "R beat with no burst open on its ID");
			} else {
				unsigned &left = it->second.front();
				left--;
				if ((left == 0) != l.rlast)
					bad(c, "RLAST not on the burst's last beat");
				if (left == 0 || l.rlast)
					it->second.pop_front();
			}
			r_beats_++;
		}
		if (l.arvalid && l.arready)
			r_left_[l.arid].push_back(l.arlen + 1u);

		prev_ = l;
		have_prev_ = true;
	}

	/* The link was reset: nothing is in flight, no VALID has to stay. */
	void link_reset()
	{
		have_prev_ = false;
		aw_lens_.clear();
		w_bursts_.clear();
		w_beats_ = 0;
		r_left_.clear();
	}

	uint64_t violations = 0;
	std::string first;
	uint64_t aw_ = 0, wlast_ = 0, b_ = 0, r_beats_ = 0;

private:
	void bad(uint64_t c, const char *what)
	{
		if (!violations) {
			char buf[160];
			snprintf(buf, sizeof(buf), "clock %llu: %s", (unsigned long long)c, what);
			first = buf;
		}
		violations++;
	}

	unsigned bytes_, size_max_ = 0;
	axiperf_link prev_{};
	bool have_prev_ = false;
	std::deque<unsigned> aw_lens_, w_bursts_;
	unsigned w_beats_ = 0;
	std::map<uint32_t, std::deque<unsigned>> r_left_;
};

#endif
