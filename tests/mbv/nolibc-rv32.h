/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * nolibc of linux-source-6.1 on RV32 (tests/mbv/rv32_init.c): RV32's
 * system call table has only the time64 and llseek forms of these, which
 * 6.1's nolibc does not know (later ones do); included before nolibc.h,
 * the calls compile and fail with ENOSYS. rv32_init.c uses none of them.
 */
#include <asm/unistd.h>
#define __NR_gettimeofday -1
#define __NR_lseek -1
#define __NR_wait4 -1
#define __NR_poll -1
#define __NR_select -1
#define __NR_stat -1
