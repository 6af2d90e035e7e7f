/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Register map of the QEMU test bed's traffic generator (0x43c10000),
 * shared by the QEMU device and the guest programs that drive it.
 * Behaviour: Documentation/testbed.rst.
 */
#ifndef AXIPERF_TG_REGS_H
#define AXIPERF_TG_REGS_H

#define AXIPERF_TG_BASE		0x43c10000u
#define AXIPERF_TG_MAGIC	0x41585447u	/* "AXTG" */

#define AXIPERF_TG_ID		0x00	/* ro: magic */
#define AXIPERF_TG_CTRL		0x04	/* w: GO FRAME ABORT KEEP; r: status */
#define AXIPERF_TG_MODE		0x08
#define AXIPERF_TG_BURSTS	0x0c	/* bursts per direction */
#define AXIPERF_TG_LEN		0x10	/* AxLEN: beats - 1 */
#define AXIPERF_TG_SIZE		0x14	/* AxSIZE: log2 bytes per beat */
#define AXIPERF_TG_IDS		0x18	/* burst i has ID i % IDS */
#define AXIPERF_TG_DEPTH	0x1c	/* outstanding read bursts */
#define AXIPERF_TG_AR_WAIT	0x20	/* slave: clocks ARREADY stays low */
#define AXIPERF_TG_R_LATENCY	0x24	/* slave: AR handshake to first beat */
#define AXIPERF_TG_R_GAP	0x28	/* slave: idle clocks after each beat */
#define AXIPERF_TG_R_STALL	0x2c	/* master: clocks RREADY low per beat */
#define AXIPERF_TG_AW_WAIT	0x30	/* slave: clocks AWREADY stays low */
#define AXIPERF_TG_W_DELAY	0x34	/* master: address to data, or data to address */
#define AXIPERF_TG_W_GAP	0x38	/* master: idle clocks between beats */
#define AXIPERF_TG_W_WAIT	0x3c	/* slave: clocks WREADY low per beat */
#define AXIPERF_TG_B_LATENCY	0x40	/* slave: burst complete to BVALID */
#define AXIPERF_TG_B_STALL	0x44	/* master: clocks BREADY low */
#define AXIPERF_TG_WSTRB	0x48	/* WSTRB of every beat */
#define AXIPERF_TG_RESET_AT	0x4c	/* link reset on this traffic clock; 0: none */
#define AXIPERF_TG_CLOCKS	0x50	/* ro: clocks of the last run */
#define AXIPERF_TG_CLOCK_HZ	0x54	/* ro: the link's clock rate */
#define AXIPERF_TG_PRESET_LO	0x60	/* test only: value for PRESET_CMD */
#define AXIPERF_TG_PRESET_HI	0x64
#define AXIPERF_TG_PRESET_CMD	0x68	/* test only: PRESET_MONITOR, PRESET_APM */
/* Read only, for benchmarks: what the watching monitor has cost since reset */
#define AXIPERF_TG_IRQ_RISES	0x6c	/* rising edges of its interrupt line */
#define AXIPERF_TG_HOST_NS_LO	0x70	/* host CPU ns spent running the link */
#define AXIPERF_TG_HOST_NS_HI	0x74	/*   (model and generator), 64 bits */
#define AXIPERF_TG_MMIO_READS	0x78	/* guest reads of its registers */
#define AXIPERF_TG_MMIO_WRITES	0x7c	/* guest writes of its registers */
/* test only: faults of the monitor this generator drives (FAULT_*) */
#define AXIPERF_TG_FAULT	0x58
/* test only (the ZynqMP bed): which of the PS's APMs, on which slot, also
 * watches this link (ROUTE_*); written while the generator is idle */
#define AXIPERF_TG_ROUTE	0x5c
#define AXIPERF_TG_WINDOW	0x1000

/* CTRL, written */
#define AXIPERF_TG_GO		(1u << 0)
#define AXIPERF_TG_FRAME	(1u << 1)	/* start the monitor before, stop after */
#define AXIPERF_TG_ABORT	(1u << 2)	/* the link is reset for a clock, the run ends */
#define AXIPERF_TG_KEEP		(1u << 3)	/* FRAME starts without clearing */
/* CTRL, read */
#define AXIPERF_TG_BUSY		(1u << 0)
#define AXIPERF_TG_DONE		(1u << 8)
#define AXIPERF_TG_ERR		(1u << 16)

/* MODE */
#define AXIPERF_TG_READS	(1u << 0)
#define AXIPERF_TG_WRITES	(1u << 1)
#define AXIPERF_TG_DATA_FIRST	(1u << 2)
#define AXIPERF_TG_INTERLEAVE	(1u << 3)
#define AXIPERF_TG_HANG		(1u << 4)	/* ARVALID is never accepted */

/* FAULT bits: how the monitor misbehaves while they are set */
#define AXIPERF_TG_FAULT_ALL_ONES	(1u << 0)	/* every read 0xffffffff, writes lost */
#define AXIPERF_TG_FAULT_IRQ_STUCK	(1u << 1)	/* its interrupt line held high */
/* the ZynqMP bed: the spare input of the OR gate on GIC SPI 123 (where the
 * CCI-400 PMU shares the APMs' line) held high; no APM's ISR changes */
#define AXIPERF_TG_FAULT_SHARED_IRQ	(1u << 2)
/* the monitor's mon_aresetn tied low (left unconnected in a block design,
 * say): the link runs, the monitor sees it in reset on every clock */
#define AXIPERF_TG_FAULT_LINK_HELD	(1u << 3)

/* PRESET_CMD, written: what takes PRESET_LO/HI */
#define AXIPERF_TG_PRESET_MONITOR	(1u << 0)	/* every counter of the monitor */
#define AXIPERF_TG_PRESET_APM		(1u << 1)	/* every metric counter of the routed
							 * APM := PRESET_LO */

/*
 * ROUTE: 0 (the reset value): no APM sees the link. Else bits 3:0 are the
 * APM's index + 1 in the order of AXIPERF_APM_ZYNQMP (1 ddr, 2 cci, 3 ocm,
 * 4 lpd) and bits 6:4 its slot; the routed slot sees the link's wires,
 * every other slot of every APM an idle link. An index or slot the bed
 * has not: no APM sees the link. With SPLIT (bit 7) the link's write
 * channels (AW, W, B) go to slot WSLOT (bits 10:8) of the same APM and
 * only its read channels (AR, R) to SLOT: a DMA that reads through one
 * DDR port and writes through another, two slots busy at once.
 */
#define AXIPERF_TG_ROUTE_APM		0x0fu
#define AXIPERF_TG_ROUTE_SLOT_SHIFT	4
#define AXIPERF_TG_ROUTE_SLOT		0x70u
#define AXIPERF_TG_ROUTE_SPLIT		0x80u
#define AXIPERF_TG_ROUTE_WSLOT_SHIFT	8
#define AXIPERF_TG_ROUTE_WSLOT		0x700u
#define AXIPERF_TG_ROUTE_TO(index, slot) \
	((((index) + 1) & AXIPERF_TG_ROUTE_APM) | \
	 (((slot) << AXIPERF_TG_ROUTE_SLOT_SHIFT) & AXIPERF_TG_ROUTE_SLOT))
#define AXIPERF_TG_ROUTE_SPLIT_TO(index, rslot, wslot) \
	(AXIPERF_TG_ROUTE_TO(index, rslot) | AXIPERF_TG_ROUTE_SPLIT | \
	 (((wslot) << AXIPERF_TG_ROUTE_WSLOT_SHIFT) & AXIPERF_TG_ROUTE_WSLOT))

/* Clocks after GO before the first traffic clock (FRAME's start request
 * and its application on an idle clock). */
#define AXIPERF_TG_TRAFFIC_START 2

#endif
