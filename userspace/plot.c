// SPDX-License-Identifier: GPL-2.0 OR MIT
/* The timeline drawn by gnuplot: one panel per figure, one line per instance. */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "axiperf.h"

extern char **environ;

static const char *terminal(const char *file)
{
	const char *dot = strrchr(file, '.');

	if (dot && !strcmp(dot, ".svg"))
		return "svg dynamic";
	if (dot && !strcmp(dot, ".png"))
		return "pngcairo";
	return NULL;
}

/* A panel for figure k: selected, and some instance is of its kind. */
static int panel(const struct ap_data *d, const struct ap_select *s, int k)
{
	if (!s->fig[k])
		return 0;
	for (int i = 0; i < d->ninst; i++)
		if (ap_kind_of(d->inst[i]) == ap_fig_kind(k))
			return 1;
	return 0;
}

static int write_data(const char *path, const struct ap_data *d,
		      const struct ap_select *s)
{
	FILE *f = fopen(path, "w");
	char buf[64];

	if (!f)
		return -1;
	for (int fr = 0; fr < d->nframes; fr++) {
		fprintf(f, "%.9f", d->frames[fr].time);
		for (int k = 0; k < AP_NFIG; k++) {
			if (!panel(d, s, k))
				continue;
			for (int i = 0; i < d->ninst; i++) {
				struct ap_fig_result r;

				ap_fig_eval(k, &d->frames[fr].c[i], &r);
				if (r.status == AP_FIG_OK)
					snprintf(buf, sizeof(buf), "%.9g", r.value);
				else
					snprintf(buf, sizeof(buf), "n/a");
				fprintf(f, " %s", buf);
			}
		}
		fprintf(f, "\n");
	}
	return fclose(f);
}

/* gnuplot refuses a plot whose every point is undefined */
static int any_value(const struct ap_data *d, int k)
{
	for (int fr = 0; fr < d->nframes; fr++)
		for (int i = 0; i < d->ninst; i++) {
			struct ap_fig_result r;

			ap_fig_eval(k, &d->frames[fr].c[i], &r);
			if (r.status == AP_FIG_OK)
				return 1;
		}
	return 0;
}

static int write_script(const char *path, const char *data, const char *out,
			const struct ap_data *d, const struct ap_select *s)
{
	FILE *f = fopen(path, "w");
	int nfig = 0, col = 2;

	if (!f)
		return -1;
	for (int k = 0; k < AP_NFIG; k++)
		nfig += panel(d, s, k);
	fprintf(f, "set terminal %s size 900,%d\n", terminal(out), 60 + 220 * nfig);
	fprintf(f, "set output '%s'\n", out);
	fprintf(f, "set datafile missing 'n/a'\n");
	fprintf(f, "set multiplot layout %d,1\n", nfig);
	fprintf(f, "set key outside right\nset grid\n");
	for (int k = 0; k < AP_NFIG; k++) {
		int first = 1;

		if (!panel(d, s, k))
			continue;
		fprintf(f, "set title '%s'\nset ylabel '%s'\nset xlabel 'time (s)'\n",
			ap_fig_title(k), ap_fig_unit(k));
		if (!any_value(d, k)) {
			fprintf(f, "set label 1 'n/a' at graph 0.5,0.5 center\n"
				"plot [0:1][0:1] 2 notitle\nunset label 1\n");
			col += d->ninst;
			continue;
		}
		fprintf(f, "plot ");
		for (int i = 0; i < d->ninst; i++, col++) {
			if (ap_kind_of(d->inst[i]) != ap_fig_kind(k))
				continue;
			fprintf(f, "%s'%s' using 1:%d with linespoints title '%s'",
				first ? "" : ", ", data, col, d->inst[i]);
			first = 0;
		}
		fprintf(f, "\n");
	}
	fprintf(f, "unset multiplot\n");
	return fclose(f);
}

int ap_plot(const struct ap_data *d, const struct ap_select *s,
	    const char *file, char *err, size_t errlen)
{
	char dir[] = "/tmp/axiperf-plot-XXXXXX";
	char data[64], script[64];
	char *argv[] = { "gnuplot", script, NULL };
	int nfig = 0, status, rc = -1;
	pid_t pid;

	for (int k = 0; k < AP_NFIG; k++)
		nfig += panel(d, s, k);
	if (!terminal(file)) {
		snprintf(err, errlen, "--plot %s: the file must end in .svg or .png", file);
		return -1;
	}
	if (!d->interval) {
		snprintf(err, errlen, "--plot needs a timeline: use -I ms (stat) or the output of perf stat -I (report)");
		return -1;
	}
	if (!nfig || !d->ninst) {
		snprintf(err, errlen, "--plot: nothing to draw (no figure or no instance)");
		return -1;
	}
	if (strchr(file, '\'')) {
		snprintf(err, errlen, "--plot %s: a quote in the file name is not supported", file);
		return -1;
	}
	if (!mkdtemp(dir)) {
		snprintf(err, errlen, "--plot: cannot make a temporary directory: %s", strerror(errno));
		return -1;
	}
	snprintf(data, sizeof(data), "%s/timeline.dat", dir);
	snprintf(script, sizeof(script), "%s/timeline.gp", dir);
	if (write_data(data, d, s) || write_script(script, data, file, d, s)) {
		snprintf(err, errlen, "--plot: cannot write %s: %s", dir, strerror(errno));
		goto out;
	}
	errno = posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ);
	if (errno) {
		snprintf(err, errlen, "--plot: cannot run gnuplot (%s); install gnuplot-nox",
			 strerror(errno));
		goto out;
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(err, errlen, "--plot: gnuplot failed writing %s (script kept in %s)",
			 file, script);
		return -1;
	}
	rc = 0;
out:
	unlink(data);
	unlink(script);
	rmdir(dir);
	return rc;
}
