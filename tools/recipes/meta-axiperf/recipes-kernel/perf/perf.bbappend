# The image's perf names axiperf's events (perf list, with descriptions)
# and gives their figures as metrics (perf stat -M): axiperf's perf series
# for the kernel's version (patches/<X.Y>/: axiperf-perf, microblaze-v-perf,
# perf-tools), applied to perf's source once perf.bb has copied it from the
# kernel (perf's own do_patch never runs: kernelsrc.bbclass). A kernel
# with no series (6.6, 6.18) keeps its perf as it is, with a note in the
# log. Set AXIPERF_PERF_SERIES to directories of patches to choose others,
# or AXIPERF_PERF_PATCH = "0" for none (Documentation/recipes.rst).

# this layer sits in the axiperf tree, whose patches/ it applies
AXIPERF_TOP := "${@os.path.normpath(d.getVar('THISDIR') + '/../../../../..')}"
AXIPERF_PERF_PATCH ??= "1"
AXIPERF_PERF_SERIES ??= ""

do_configure[prefuncs] += "axiperf_perf_series"
do_configure[file-checksums] += "${AXIPERF_TOP}/tools/recipes/perf-series.sh:True ${AXIPERF_TOP}/patches/*/*/*.patch:True"
do_configure[vardeps] += "AXIPERF_PERF_PATCH AXIPERF_PERF_SERIES"

axiperf_perf_series() {
	if [ "${AXIPERF_PERF_PATCH}" = "1" ]; then
		AXIPERF_PERF_SERIES="${AXIPERF_PERF_SERIES}" ${AXIPERF_TOP}/tools/recipes/perf-series.sh ${S}
	fi
}
