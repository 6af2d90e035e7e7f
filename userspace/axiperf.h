/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* axiperf front end: the pieces shared by the program and its tests. */
#ifndef AXIPERF_FRONTEND_H
#define AXIPERF_FRONTEND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <axiperf/regs.h>
#include <axiperf/figures.h>

#define AP_NEV		(AXIPERF_EV_MAX + 1)
#define AP_NAME_MAX	64
#define AP_ERR_MAX	512

/* What is known of one event in one measurement. */
enum ap_ev_state {
	AP_EV_ABSENT = 0,	/* not measured at all */
	AP_EV_COUNTED,
	AP_EV_NOT_COUNTED,	/* perf: <not counted> */
	AP_EV_NOT_SUPPORTED,	/* perf: <not supported> */
};

/* The counts of one monitor instance over one measurement or interval. */
struct ap_counts {
	uint64_t value[AP_NEV];
	unsigned char state[AP_NEV];
	double seconds;		/* elapsed time; <= 0 when unknown */
};

/* ---- figures (figure.c) -------------------------------------------- */

enum ap_fig_status {
	AP_FIG_OK,
	AP_FIG_ZERO_DEN,	/* the denominator is zero: n/a */
	AP_FIG_MISSING,		/* a term was not measured: n/a */
};

struct ap_fig_result {
	enum ap_fig_status status;
	double num, den;	/* the sums, before scale */
	double value;		/* num / den * scale when status is OK */
	int missing;		/* event id, or AXIPERF_TERM_SECONDS */
};

int ap_event_find(const char *name);
const char *ap_event_name(int id);
int ap_figure_find(const char *name);
void ap_figure_eval(const struct axiperf_figure *f, const struct ap_counts *c,
		    struct ap_fig_result *r);
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
	int id;			/* index into axiperf_event_name, -1 unknown */
};

struct ap_pmu {
	char name[AP_NAME_MAX];
	char identifier[AP_NAME_MAX];	/* the driver's build/version tag, or "" */
	int type;
	int cpu;
	int nev;
	struct ap_pmu_event *ev;
};

const char *ap_sysfs_root(void);
/* Finds axiperfN PMUs under root; 0 with *n possibly 0, -1 on error. */
int ap_pmu_scan(const char *root, struct ap_pmu **pmus, int *n,
		char *err, size_t errlen);
void ap_pmu_free(struct ap_pmu *pmus, int n);
const struct ap_pmu_event *ap_pmu_event(const struct ap_pmu *p, int id);
/* 1 when the PMU has every event the figure needs. */
int ap_pmu_can(const struct ap_pmu *p, const struct axiperf_figure *f);

/* ---- output (output.c) ----------------------------------------------- */

enum ap_format { AP_FMT_TABLE, AP_FMT_CSV, AP_FMT_JSON };

struct ap_select {
	unsigned char fig[AXIPERF_NUM_FIGURES];	/* figures to print */
	unsigned char ev[AP_NEV];		/* raw events to print */
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

/* ---- stat through libperf (stat.c) ----------------------------------- */

struct ap_stat_opts {
	int interval_ms;	/* 0: one measurement */
	int trace;		/* timeline from the driver's tracepoint */
	char **argv;		/* the command */
};

/* Returns the command's exit status (0..255) or -1 with err. */
int ap_stat_run(const struct ap_pmu *pmus, int npmu,
		const struct ap_select *s, const struct ap_stat_opts *o,
		struct ap_data *d, char *err, size_t errlen);

#endif
