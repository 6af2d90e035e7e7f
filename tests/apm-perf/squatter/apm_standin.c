// SPDX-License-Identifier: GPL-2.0
/*
 * Test only: another device's handler on the line the ZynqMP's DDR and CCI
 * monitors share (GIC SPI 123, where a ZynqMP's CCI-400 PMU also is). Its
 * "device" is the test bed generator's FAULT_SHARED_IRQ bit, which holds
 * the spare input of that line's OR gate high: the handler claims the
 * interrupt only while the bit is set, and clears it; otherwise it says
 * the interrupt was not its own. tests/apm-perf reads how many it took.
 *
 *   insmod apm_standin.ko irq=N tg=0xa0010000
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>

#include "axiperf-tg-regs.h"

static int irq = -1;
module_param(irq, int, 0444);
MODULE_PARM_DESC(irq, "the Linux interrupt number of the shared line");
static unsigned long tg;
module_param(tg, ulong, 0444);
MODULE_PARM_DESC(tg, "the physical address of the generator's window");
static unsigned int handled;
module_param(handled, uint, 0444);
MODULE_PARM_DESC(handled, "interrupts this handler claimed");
static unsigned int declined;
module_param(declined, uint, 0444);
MODULE_PARM_DESC(declined, "interrupts on the line that were not its own");

static void __iomem *regs;

static irqreturn_t standin_irq(int n, void *data)
{
	u32 fault = readl(regs + AXIPERF_TG_FAULT);

	if (!(fault & AXIPERF_TG_FAULT_SHARED_IRQ)) {
		WRITE_ONCE(declined, declined + 1);
		return IRQ_NONE;
	}
	writel(fault & ~AXIPERF_TG_FAULT_SHARED_IRQ, regs + AXIPERF_TG_FAULT);
	WRITE_ONCE(handled, handled + 1);
	return IRQ_HANDLED;
}

static int __init standin_init(void)
{
	int ret;

	if (irq < 0 || !tg)
		return -EINVAL;
	regs = ioremap(tg, 0x1000);
	if (!regs)
		return -ENOMEM;
	ret = request_irq(irq, standin_irq, IRQF_SHARED, "apm_standin", &regs);
	if (ret)
		iounmap(regs);
	return ret;
}

static void __exit standin_exit(void)
{
	free_irq(irq, &regs);
	iounmap(regs);
}

module_init(standin_init);
module_exit(standin_exit);
MODULE_DESCRIPTION("Test only: another handler on the APMs' shared interrupt line");
MODULE_LICENSE("GPL");
