/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* axiperf front end: the pieces shared by the program and its tests. */
#ifndef AXIPERF_FRONTEND_H
#define AXIPERF_FRONTEND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <axiperf/regs.h>
#include <axiperf/figures.h>
#include <axiperf/microblaze_figures.h>
#include <axiperf/microblaze_v.h>
/* the CPU figures' terms in the numbering below */
#define AXIPERF_MBV_EV_BASE	(AXIPERF_EV_MAX + 1 + (int)AXIPERF_MB_NUM_PERF_EVENTS)
#define AXIPERF_ARM_EV_BASE	(AXIPERF_MBV_EV_BASE + (int)AXIPERF_MBV_NUM_PERF_EVENTS)
#include <axiperf/cpu_figures.h>
/* the APM figures' terms: AP_APM_EV0 + metric id */
#define AXIPERF_APM_EV_BASE	(AXIPERF_ARM_EV_BASE + (int)AXIPERF_ARM_NUM_PERF_EVENTS)
#include <axiperf/apm_figures.h>

/*
 * Five kinds of PMU: the AXI monitors (axiperfN), the MicroBlaze debug
 * counters behind an MDM (microblazeN), the CPU PMU of the cores that
 * run the command: a MicroBlaze V (cpu, riscv_pmu_sbi) or an ARM core
 * (armv7_*, armv8_*), and AMD's AXI Performance Monitors (apm_ddr, ...,
 * apm_<hex address>: driver/apm/). Events and figures of all share one
 * numbering, in that order: AXI event ids (AXIPERF_EV_*) first, then the
 * MicroBlaze perf events (axiperf_mb_perf_events[]), the MicroBlaze V and
 * the ARM events (<axiperf/cpu_figures.h>), the APM metrics (by metric
 * id, <axiperf/apm.h>); figures likewise.
 *
 * An APM counts per slot (port): `stat` counts, prints and reports each
 * slot as an instance of its own, "apm_ddr.apu0" (PMU.slot), whose events
 * are the metrics of that slot.
 */
enum ap_kind { AP_KIND_AXI, AP_KIND_MB, AP_KIND_MBV, AP_KIND_ARM, AP_KIND_APM, AP_NKIND };

#define AP_NEV_AXI	(AXIPERF_EV_MAX + 1)
#define AP_MB_EV0	AP_NEV_AXI
#define AP_MBV_EV0	(AP_MB_EV0 + (int)AXIPERF_MB_NUM_PERF_EVENTS)
#define AP_ARM_EV0	(AP_MBV_EV0 + (int)AXIPERF_MBV_NUM_PERF_EVENTS)
#define AP_APM_EV0	(AP_ARM_EV0 + (int)AXIPERF_ARM_NUM_PERF_EVENTS)
#define AP_NEV		(AP_APM_EV0 + (int)AXIPERF_APM_NUM_METRICS)
#define AP_NFIG_AXI	((int)AXIPERF_NUM_FIGURES)
#define AP_MB_FIG0	AP_NFIG_AXI
#define AP_MBV_FIG0	(AP_MB_FIG0 + (int)AXIPERF_MB_NUM_FIGURES)
#define AP_ARM_FIG0	(AP_MBV_FIG0 + (int)AXIPERF_MBV_NUM_FIGURES)
#define AP_APM_FIG0	(AP_ARM_FIG0 + (int)AXIPERF_ARM_NUM_FIGURES)
#define AP_NFIG		(AP_APM_FIG0 + (int)AXIPERF_APM_NUM_FIGURES)
#define AP_NAME_MAX	64
#define AP_ERR_MAX	512

/* What is known of one event in one measurement. */
enum ap_ev_state {
	AP_EV_ABSENT = 0,	/* not measured at all */
	AP_EV_COUNTED,
	AP_EV_NOT_COUNTED,	/* perf: <not counted> */
	AP_EV_NOT_SUPPORTED,	/* perf: <not supported> */
};

/* The counts of one instance over one measurement or interval, by event id. */
struct ap_counts {
	uint64_t value[AP_NEV];
	unsigned char state[AP_NEV];
	double seconds;		/* elapsed time; <= 0 when unknown */
	double clock_hz;	/* the monitor's clock, for figures in ns; <= 0 unknown */
};

/* ---- figures (figure.c) -------------------------------------------- */

enum ap_fig_status {
	AP_FIG_OK,
	AP_FIG_ZERO_DEN,	/* the denominator is zero: n/a */
	AP_FIG_NEG_DEN,		/* below zero: counters read at different instants */
	AP_FIG_MISSING,		/* a term was not measured: n/a */
};

struct ap_fig_result {
	enum ap_fig_status status;
	double num, den;	/* the sums, before scale */
	double value;		/* num / den * scale when status is OK */
	int missing;		/* event id, or AXIPERF_TERM_SECONDS */
};

/* "microblaze3" is a MicroBlaze PMU, "cpu" a MicroBlaze V, "armv7_cortex_a9"
 * an ARM core, "apm_ddr" (or its slot "apm_ddr.apu0") an APM; anything
 * else an AXI monitor. */
enum ap_kind ap_kind_of(const char *pmu);
/* The CPU kinds count the command's own threads, the others system wide. */
int ap_kind_is_cpu(enum ap_kind kind);
/* The kinds in the order they are listed and printed: the bus monitors
 * (AXI, APM) first, then the cores. */
extern const enum ap_kind ap_kind_order[AP_NKIND];
/* An APM metric's event that is a level (min, max), not a count. */
int ap_event_is_gauge(int id);
/* The table entry of a MicroBlaze V or ARM event id, or NULL. */
const struct axiperf_cpu_event *ap_cpu_event(int id);
int ap_event_find(const char *name);	/* the first kind that has it */
int ap_event_find_kind(const char *name, enum ap_kind kind);
const char *ap_event_name(int id);
enum ap_kind ap_event_kind(int id);
const char *ap_event_unit(int id);
/* The MicroBlaze event of a perf config (event | item << 8), or -1. */
int ap_mb_event_by_config(uint64_t config);
uint64_t ap_mb_event_config(int id);

/* Figures by number, 0 .. AP_NFIG-1, either kind. */
int ap_figure_find(const char *name);
enum ap_kind ap_fig_kind(int k);
const char *ap_fig_name(int k);
const char *ap_fig_title(int k);
const char *ap_fig_unit(int k);
const char *ap_fig_doc(int k);
void ap_fig_eval(int k, const struct ap_counts *c, struct ap_fig_result *r);
void ap_fig_format(int k, const struct ap_fig_result *r, char *buf, size_t len);
void ap_fig_formula(int k, char *buf, size_t len);
void ap_fig_events(int k, unsigned char *need);	/* need[AP_NEV] */

void ap_figure_eval(const struct axiperf_figure *f, const struct ap_counts *c,
		    struct ap_fig_result *r);
/* num and den as the formula reads them; for a standard deviation num is
 * N * sum_sq - sum^2 and den is N, the value sqrt(num) / den. */
void ap_mb_figure_eval(const struct axiperf_mb_figure *f,
		       const struct ap_counts *c, struct ap_fig_result *r);
/* "n/a" or the value in the figure's display precision. */
void ap_figure_format(const struct axiperf_figure *f,
		      const struct ap_fig_result *r, char *buf, size_t len);
/* "(a + b) / (c)" followed by " x 100" when scaled. */
void ap_figure_formula(const struct axiperf_figure *f, char *buf, size_t len);
/* Marks in need[] every event the figure reads. */
void ap_figure_events(const struct axiperf_figure *f, unsigned char *need);

/* ---- measurements: instances x frames (data.c) ----------------------- */

struct ap_frame {
	double time;		/* end of the interval, seconds from start */
	double seconds;		/* length of the interval; <= 0 unknown */
	struct ap_counts *c;	/* [ninst] */
};

struct ap_data {
	int interval;		/* frames are intervals of a timeline */
	int ninst;
	char (*inst)[AP_NAME_MAX];
	int nframes;
	struct ap_frame *frames;
};

void ap_data_init(struct ap_data *d);
void ap_data_free(struct ap_data *d);
int ap_data_instance(struct ap_data *d, const char *name);	/* adds */
/* The frame at time: the last one if it has that time, else a new one. */
struct ap_frame *ap_data_frame(struct ap_data *d, double time);
struct ap_frame *ap_data_append(struct ap_data *d, double time);

/* ---- perf stat -x, output (perfcsv.c) -------------------------------- */

/*
 * Parses `perf stat -x,` output read from f (named what in messages).
 * Returns 0, or -1 with a message "what:line: problem; what to do" in err.
 */
int ap_perfcsv_parse(FILE *f, const char *what, struct ap_data *d,
		     char *err, size_t errlen);
int ap_perfcsv_parse_buf(const char *buf, size_t len, struct ap_data *d,
			 char *err, size_t errlen);

/* ---- PMUs in sysfs (sysfs.c) ----------------------------------------- */

struct ap_pmu_event {
	char name[AP_NAME_MAX];
	uint64_t config;
	int hw;			/* PERF_TYPE_HARDWARE, not the PMU's type */
	int id;			/* event id, -1 when unknown to axiperf */
};

struct ap_pmu {
	char name[AP_NAME_MAX];
	enum ap_kind kind;
	char identifier[AP_NAME_MAX];	/* the driver's build/version tag, a
					 * MicroBlaze V's mvendorid-marchid-mimpid, or "" */
	int type;
	int cpu;
	double clock_hz;	/* an AXI monitor's caps/clock_hz; 0 unknown */
	int nev;
	struct ap_pmu_event *ev;
	/* an APM: its slots and counters (sysfs), the slot field's place in
	 * config (format/slot), each slot's name; a port (one slot of an APM,
	 * from ap_apm_ports) also its slot and its APM's name */
	int slots, counters, slot_lo;
	char slot_name[AXIPERF_APM_MAX_SLOTS][AP_NAME_MAX];
	int slot;		/* a port's slot (-1 from the scan) */
	char apm[AP_NAME_MAX];	/* a port's APM, "" for a whole PMU */
};

const char *ap_sysfs_root(void);
const char *ap_cpuinfo_path(void);	/* $AXIPERF_CPUINFO or /proc/cpuinfo */
/* 1 when the first hart of cpuinfo is a MicroBlaze V; its
 * mvendorid-marchid-mimpid into id, "" when not given. */
int ap_cpuinfo_mbv(char *id, size_t len);
/*
 * Finds axiperfN and microblazeN PMUs under root (axiperf first, each in
 * number order), then the CPU PMU of a MicroBlaze V or an ARM core; 0
 * with *n possibly 0, -1 on error.
 */
int ap_pmu_scan(const char *root, struct ap_pmu **pmus, int *n,
		char *err, size_t errlen);
void ap_pmu_free(struct ap_pmu *pmus, int n);
/*
 * Replaces each APM in pmus by its ports, one per slot in slot order,
 * named "apm_ddr.apu0", whose events are the APM's metrics with the slot
 * in their config. 0, or -1 with err (*pmus and *n then unchanged).
 */
int ap_apm_ports(struct ap_pmu **pmus, int *n, char *err, size_t errlen);
/* Slot names of an APM by its PMU name, from the description (apm_ddr:
 * rpu, apu0, ...; "slotN" past them or for one it does not name). */
void ap_apm_slot_name(const char *pmu, int slot, char *buf, size_t len);
const struct ap_pmu_event *ap_pmu_event(const struct ap_pmu *p, int id);
/* 1 when the PMU is of the figure's kind and has every event it needs. */
int ap_pmu_can(const struct ap_pmu *p, int k);
/* A MicroBlaze PMU's event and latency counters, from its identifier
 * (microblaze-mdm-wW-eE-lL); -1 when it does not say. */
int ap_mb_counters(const struct ap_pmu *p, int *nevent, int *nlatency);
/* Could events need[] be counted at once on nevent event counters and
 * nlatency latency counters? (the driver's allocation rule) */
int ap_mb_fits(const unsigned char *need, int nevent, int nlatency);

/* ---- output (output.c) ----------------------------------------------- */

enum ap_format { AP_FMT_TABLE, AP_FMT_CSV, AP_FMT_JSON };

#define AP_MAX_PORT_ASKS	32

struct ap_select {
	unsigned char fig[AP_NFIG];	/* figures to print */
	unsigned char ev[AP_NEV];	/* raw events to print */
	unsigned char extra[AP_NEV];	/* asked for with -e */
	int chosen;			/* figures named with -M */
	/* APM figures asked for on some ports only: -M figure@port, port
	 * "apm_ddr.apu0", "apm_ddr.1" (slot number) or "apm_ddr" (every
	 * slot); checked against the PMUs by ap_plan */
	unsigned char port_only[AP_NFIG];	/* named with @port only */
	int nask;
	struct {
		int fig;
		char port[AP_NAME_MAX];
	} ask[AP_MAX_PORT_ASKS];
};

void ap_select_all(struct ap_select *s);
/* "read_lag,write_bias": selects those figures; -1 with err on a bad name. */
int ap_select_figures(struct ap_select *s, const char *list,
		      char *err, size_t errlen);
/* "rd_beats,wr_beats": adds those raw events; -1 with err on a bad name. */
int ap_select_events(struct ap_select *s, const char *list,
		     char *err, size_t errlen);

void ap_print(FILE *out, const struct ap_data *d, const struct ap_select *s,
	      enum ap_format fmt);

/* ---- plot (plot.c) --------------------------------------------------- */

/* Draws the timeline with gnuplot, one panel per selected figure. */
int ap_plot(const struct ap_data *d, const struct ap_select *s,
	    const char *file, char *err, size_t errlen);

/* ---- which events each PMU counts (plan.c) ----------------------------- */

/*
 * Fills need[i][AP_NEV] with the events PMU i counts in one group. A
 * MicroBlaze core has few counters: without -M the figures that do not fit
 * are left out in table order (a note to note, if not NULL) and those left
 * out on every core are unselected; with -M a figure that does not fit is
 * an error. APM ports (ap_apm_ports) share their APM's counters: the
 * figures (the default ones without -M) are taken figure by figure, each
 * on every port in slot order, while their distinct events fit; what is
 * left out is noted. A figure asked for on named ports (figure@port) is
 * counted there only, and an error when it does not fit. Returns 0, or -1
 * with err.
 */
int ap_plan(const struct ap_pmu *pmus, int npmu, struct ap_select *s,
	    unsigned char (*need)[AP_NEV], FILE *note, char *err, size_t errlen);

/* ---- stat through libperf (stat.c) ----------------------------------- */

struct ap_stat_opts {
	int interval_ms;	/* 0: one measurement */
	int trace;		/* timeline from the driver's tracepoint */
	char **argv;		/* the command */
};

/* Counts need[i] (from ap_plan) on PMU i; a PMU with no event is left out.
 * Returns the command's exit status (0..255) or -1 with err. */
int ap_stat_run(const struct ap_pmu *pmus, int npmu,
		unsigned char (*need)[AP_NEV], const struct ap_stat_opts *o,
		struct ap_data *d, char *err, size_t errlen);

#endif
