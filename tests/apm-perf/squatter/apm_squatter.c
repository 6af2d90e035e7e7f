// SPDX-License-Identifier: GPL-2.0
/*
 * Test only: a driver that takes every "xlnx,axi-perf-monitor" node and
 * does nothing with it, as the vendor kernel's UIO driver takes them, so
 * that tests/apm-perf can show what axiperf_apm says about a monitor
 * another driver has.
 */
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>

static int squatter_probe(struct platform_device *pdev)
{
	return 0;
}

static const struct of_device_id squatter_of_match[] = {
	{ .compatible = "xlnx,axi-perf-monitor" },
	{ }
};
MODULE_DEVICE_TABLE(of, squatter_of_match);

static struct platform_driver squatter_driver = {
	.driver = {
		.name = "apm_squatter",
		.of_match_table = squatter_of_match,
	},
	.probe = squatter_probe,
};
module_platform_driver(squatter_driver);

MODULE_DESCRIPTION("Test only: holds the AXI Performance Monitors from axiperf_apm");
MODULE_LICENSE("GPL");
