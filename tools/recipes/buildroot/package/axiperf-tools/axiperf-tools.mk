################################################################################
#
# axiperf-tools: the axiperf front end (userspace/)
#
################################################################################

AXIPERF_TOOLS_VERSION = 1.0
AXIPERF_TOOLS_SITE = $(BR2_EXTERNAL_AXIPERF_PATH)/../../..
AXIPERF_TOOLS_SITE_METHOD = local
AXIPERF_TOOLS_LICENSE = GPL-2.0
AXIPERF_TOOLS_LICENSE_FILES = driver/axiperf_pmu.c
AXIPERF_TOOLS_DEPENDENCIES = linux libtraceevent

# userspace/Makefile's ARCH for the target (the option admits no other)
ifeq ($(BR2_aarch64),y)
AXIPERF_TOOLS_ARCH = arm64
else ifeq ($(BR2_riscv),y)
AXIPERF_TOOLS_ARCH = riscv64
else ifeq ($(BR2_microblazeel),y)
AXIPERF_TOOLS_ARCH = microblaze
else
AXIPERF_TOOLS_ARCH = arm
endif

AXIPERF_TOOLS_MAKE_OPTS = -C $(@D)/userspace ARCH=$(AXIPERF_TOOLS_ARCH) \
	CROSS=$(TARGET_CROSS) CC="$(TARGET_CC)" \
	LINUX_SRC=$(LINUX_DIR) CACHE=$(@D)/cache BUILD=$(@D)/build \
	TRACEEVENT_INC=$(STAGING_DIR)/usr/include/traceevent \
	TRACEEVENT_LIB=$(STAGING_DIR)/usr/lib/libtraceevent.a

define AXIPERF_TOOLS_BUILD_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) $(AXIPERF_TOOLS_MAKE_OPTS) all
endef

define AXIPERF_TOOLS_INSTALL_TARGET_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) $(AXIPERF_TOOLS_MAKE_OPTS) DESTDIR=$(TARGET_DIR) PREFIX=/usr install
endef

# the kernel's perf (linux-tools builds it from $(LINUX_DIR)/tools/perf)
# takes axiperf's perf series for the kernel's version, if there is one
ifeq ($(BR2_PACKAGE_AXIPERF_TOOLS_PERF_SERIES),y)
define AXIPERF_TOOLS_PERF_SERIES
	$(BR2_EXTERNAL_AXIPERF_PATH)/../perf-series.sh $(LINUX_DIR)
endef
LINUX_POST_PATCH_HOOKS += AXIPERF_TOOLS_PERF_SERIES
endif

$(eval $(generic-package))
