################################################################################
#
# axiperf: the perf PMU drivers, with Buildroot's kernel-module infrastructure
#
################################################################################

# AXIPERF_SITE: this tree by default (the external tree lives in it);
# override with a git URL and AXIPERF_SITE_METHOD = git.
AXIPERF_VERSION = 1.0
AXIPERF_SITE = $(BR2_EXTERNAL_AXIPERF_PATH)/../../..
AXIPERF_SITE_METHOD = local
AXIPERF_LICENSE = GPL-2.0
AXIPERF_LICENSE_FILES = driver/axiperf_pmu.c

# the top-level Kbuild builds the three modules (driver/microblaze/ and
# driver/apm/ too); they go to extra/ on every kernel (Kbuild's default:
# extra/ in 6.1, updates/ in 6.12)
AXIPERF_MODULE_SUBDIRS = .
AXIPERF_MODULE_MAKE_OPTS = INSTALL_MOD_DIR=extra

# the vendor's UIO driver matches the APM nodes too: modprobe never loads
# it, so the device's modalias loads axiperf_apm alone
define AXIPERF_INSTALL_MODPROBE_CONF
	$(INSTALL) -D -m 0644 $(@D)/tools/recipes/axiperf-apm.conf \
		$(TARGET_DIR)/etc/modprobe.d/axiperf-apm.conf
endef
AXIPERF_POST_INSTALL_TARGET_HOOKS += AXIPERF_INSTALL_MODPROBE_CONF

$(eval $(kernel-module))
$(eval $(generic-package))
