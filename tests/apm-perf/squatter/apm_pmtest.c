// SPDX-License-Identifier: GPL-2.0
/*
 * Test only: one system-sleep cycle of an APM's driver, with its power
 * domain going off in between (QEMU's ZynqMP cannot suspend): the
 * driver's suspend callback, then every register tests/apm-perf can see
 * put back to its reset value (counters cleared, selectors, ID filters,
 * control and interrupt enables 0, SICR its reset value), then the
 * resume callback. Says in its parameters what it did.
 *
 *   insmod apm_pmtest.ko dev=fd0b0000.perf-monitor base=0xfd0b0000
 */
#include <linux/device.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include <axiperf/apm.h>

static char *dev = "fd0b0000.perf-monitor";
module_param(dev, charp, 0444);
MODULE_PARM_DESC(dev, "the APM's platform device");
static unsigned long base = 0xfd0b0000;
module_param(base, ulong, 0444);
MODULE_PARM_DESC(base, "the APM's physical address");
static int cycled;
module_param(cycled, int, 0444);
MODULE_PARM_DESC(cycled, "1: suspend, power off, resume done; -errno: why not");

/* What the registers hold after the power domain comes back */
static void power_off(void __iomem *r)
{
	unsigned int n;

	writel(AXIPERF_APM_CTL_MCNTR_RESET | AXIPERF_APM_CTL_GCC_RESET, r + AXIPERF_APM_REG_CTL);
	writel(0, r + AXIPERF_APM_REG_CTL);
	for (n = 0; n < AXIPERF_APM_MAX_COUNTERS; n += 4)
		writel(0, r + AXIPERF_APM_REG_MSR(n));
	writel(0, r + AXIPERF_APM_REG_ID);
	writel(0, r + AXIPERF_APM_REG_ID_MASK);
	writel(0, r + AXIPERF_APM_REG_RID);
	writel(0, r + AXIPERF_APM_REG_RID_MASK);
	writel(0, r + AXIPERF_APM_REG_GIE);
	writel(0, r + AXIPERF_APM_REG_IER);
	writel(U32_MAX, r + AXIPERF_APM_REG_ISR);
	writel(AXIPERF_APM_SICR_RESET, r + AXIPERF_APM_REG_SICR);
}

static int pmtest_cycle(void)
{
	const struct dev_pm_ops *pm;
	struct device *d;
	void __iomem *r;
	int ret;

	d = bus_find_device_by_name(&platform_bus_type, NULL, dev);
	if (!d)
		return -ENODEV;
	pm = d->driver ? d->driver->pm : NULL;
	if (!pm || !pm->suspend || !pm->resume) {
		put_device(d);
		return -EOPNOTSUPP;
	}
	r = ioremap(base, AXIPERF_APM_WINDOW);
	if (!r) {
		put_device(d);
		return -ENOMEM;
	}
	ret = pm->suspend(d);
	if (!ret) {
		power_off(r);
		ret = pm->resume(d);
	}
	iounmap(r);
	put_device(d);
	return ret;
}

static int __init pmtest_init(void)
{
	int ret = pmtest_cycle();

	cycled = ret ? ret : 1;
	return 0;
}

static void __exit pmtest_exit(void)
{
}

module_init(pmtest_init);
module_exit(pmtest_exit);
MODULE_DESCRIPTION("Test only: an APM's suspend and resume around a power-off");
MODULE_LICENSE("GPL");
