/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * axiperf traffic generator for QEMU: a modelled AXI4 master and slave on
 * the link the axiperf monitor watches, programmed by the guest so that
 * every count has an exact expected value. Register map and the clock-by-
 * clock behaviour: Documentation/testbed.rst.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "trace/trace-hw_misc.h"
#include "axiperf-testbed.h"
#include "axiperf-tg-regs.h"

#define TG_NREGS (0x80 / 4)

/* First clock after GO with traffic: clocks 0 and 1 belong to the frame's
 * start request and its application at an idle clock. */
#define TRAFFIC_START AXIPERF_TG_TRAFFIC_START
#define MAX_OUT 255

OBJECT_DECLARE_SIMPLE_TYPE(AxiperfTrafficGen, AXIPERF_TRAFFIC_GEN)

typedef struct {
    uint32_t id;
    uint32_t seq;
    uint64_t ready;     /* first clock its data may be offered */
    uint32_t left;      /* beats still to transfer */
} ReadBurst;

enum WPhase { W_IDLE, W_AW, W_DELAY, W_BEAT, W_GAP, W_BLAT, W_B, W_DONE };

struct AxiperfTrafficGen {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    AxiperfMonitor *mon;

    uint32_t regs[TG_NREGS];    /* the programmed pattern, as written */
    uint32_t status;
    uint64_t preset;
    bool shared_irq;            /* AXIPERF_TG_FAULT_SHARED_IRQ */
    qemu_irq shared_irq_out;    /* the ZynqMP's SPI 123 OR gate; else none */

    /* run state */
    bool running, frame, keep, stop_pending_write;
    uint64_t t;                 /* clocks since GO */
    uint64_t last_hs;           /* clock of the last handshake */

    /* read side */
    uint32_t ar_issued;
    bool ar_active;
    uint32_t ar_wait_left;
    ReadBurst q[MAX_OUT];
    unsigned int nq;
    int r_cur;                  /* index in q of the beat offered, or -1 */
    uint32_t r_stall_left;
    uint64_t r_next_ok;         /* first clock the slave may offer a beat */

    /* write side */
    enum WPhase wph;
    uint32_t w_done, w_beat, w_count;
};

static uint32_t reg(AxiperfTrafficGen *s, unsigned int off)
{
    return s->regs[off / 4];
}

static bool reads_done(AxiperfTrafficGen *s)
{
    return !(reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_READS) ||
           (s->ar_issued == reg(s, AXIPERF_TG_BURSTS) && s->nq == 0);
}

static bool writes_done(AxiperfTrafficGen *s)
{
    return !(reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_WRITES) || s->wph == W_DONE;
}

/* An older unfinished burst with the same ID must finish first (AXI order). */
static bool blocked_by_order(AxiperfTrafficGen *s, unsigned int i)
{
    unsigned int j;

    for (j = 0; j < s->nq; j++) {
        if (j != i && s->q[j].id == s->q[i].id && s->q[j].seq < s->q[i].seq) {
            return true;
        }
    }
    return false;
}

static int pick_read(AxiperfTrafficGen *s)
{
    unsigned int i;

    if (!(reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_INTERLEAVE)) {
        return s->nq && s->q[0].ready <= s->t ? 0 : -1;
    }
    for (i = 0; i < s->nq; i++) {
        if (s->q[i].ready <= s->t && !blocked_by_order(s, i)) {
            return i;
        }
    }
    return -1;
}

static void read_clock(AxiperfTrafficGen *s, struct axiperf_link *l)
{
    uint32_t mode = reg(s, AXIPERF_TG_MODE);
    bool arready, rready;
    ReadBurst b;

    /* AR: the master issues while under its outstanding depth */
    if (!s->ar_active && s->ar_issued < reg(s, AXIPERF_TG_BURSTS) &&
        s->nq < reg(s, AXIPERF_TG_DEPTH)) {
        s->ar_active = true;
        s->ar_wait_left = reg(s, AXIPERF_TG_AR_WAIT);
    }
    if (s->ar_active) {
        arready = !(mode & AXIPERF_TG_HANG) && s->ar_wait_left == 0;
        l->arvalid = true;
        l->arready = arready;
        l->arid = s->ar_issued % reg(s, AXIPERF_TG_IDS);
        l->arlen = reg(s, AXIPERF_TG_LEN);
        l->arsize = reg(s, AXIPERF_TG_SIZE);
    }

    /* R: the slave offers one beat at a time */
    if (s->r_cur < 0 && s->t >= s->r_next_ok) {
        s->r_cur = pick_read(s);
        s->r_stall_left = reg(s, AXIPERF_TG_R_STALL);
    }
    if (s->r_cur >= 0) {
        ReadBurst *rb = &s->q[s->r_cur];

        rready = s->r_stall_left == 0;
        l->rvalid = true;
        l->rready = rready;
        l->rid = rb->id;
        l->rlast = rb->left == 1;
        if (!rready) {
            s->r_stall_left--;
        } else {
            s->last_hs = s->t;
            rb->left--;
            if (rb->left == 0 || (mode & AXIPERF_TG_INTERLEAVE)) {
                /* finished: out; interleaving: round robin, to the back */
                b = *rb;
                memmove(&s->q[s->r_cur], &s->q[s->r_cur + 1],
                        (s->nq - s->r_cur - 1) * sizeof(s->q[0]));
                s->nq--;
                if (b.left) {
                    s->q[s->nq++] = b;
                }
            }
            s->r_cur = -1;
            s->r_next_ok = s->t + 1 + reg(s, AXIPERF_TG_R_GAP);
        }
    }

    /* end of clock: the AR handshake enqueues its burst */
    if (s->ar_active) {
        if (!l->arready) {
            if (s->ar_wait_left) {
                s->ar_wait_left--;
            }
        } else {
            s->last_hs = s->t;
            s->q[s->nq++] = (ReadBurst) {
                .id = l->arid,
                .seq = s->ar_issued,
                .ready = s->t + 1 + reg(s, AXIPERF_TG_R_LATENCY),
                .left = reg(s, AXIPERF_TG_LEN) + 1,
            };
            s->ar_issued++;
            s->ar_active = false;
        }
    }
}

/* Enter phase p at the next clock, skipping phases of zero length. */
static void w_enter(AxiperfTrafficGen *s, enum WPhase p)
{
    bool data_first = reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_DATA_FIRST;

    for (;;) {
        switch (p) {
        case W_AW:
            s->w_count = reg(s, AXIPERF_TG_AW_WAIT);
            break;
        case W_DELAY:
            s->w_count = reg(s, AXIPERF_TG_W_DELAY);
            if (!s->w_count) {
                p = data_first ? W_AW : W_BEAT;
                continue;
            }
            break;
        case W_BEAT:
            s->w_count = reg(s, AXIPERF_TG_W_WAIT);
            break;
        case W_GAP:
            s->w_count = reg(s, AXIPERF_TG_W_GAP);
            if (!s->w_count) {
                p = W_BEAT;
                continue;
            }
            break;
        case W_BLAT:
            s->w_count = reg(s, AXIPERF_TG_B_LATENCY);
            if (!s->w_count) {
                p = W_B;
                continue;
            }
            break;
        case W_B:
            s->w_count = reg(s, AXIPERF_TG_B_STALL);
            break;
        case W_IDLE:
            if (s->w_done == reg(s, AXIPERF_TG_BURSTS)) {
                p = W_DONE;
                continue;
            }
            s->w_beat = 0;
            p = data_first ? W_BEAT : W_AW;
            continue;
        case W_DONE:
            break;
        }
        s->wph = p;
        return;
    }
}

static void write_clock(AxiperfTrafficGen *s, struct axiperf_link *l)
{
    bool data_first = reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_DATA_FIRST;
    uint32_t len = reg(s, AXIPERF_TG_LEN);

    switch (s->wph) {
    case W_AW:
        l->awvalid = true;
        l->awready = s->w_count == 0;
        l->awid = s->w_done % reg(s, AXIPERF_TG_IDS);
        l->awlen = len;
        l->awsize = reg(s, AXIPERF_TG_SIZE);
        if (!l->awready) {
            s->w_count--;
        } else {
            s->last_hs = s->t;
            w_enter(s, data_first ? W_BLAT : W_DELAY);
        }
        break;
    case W_DELAY:
    case W_GAP:
    case W_BLAT:
        if (--s->w_count == 0) {
            w_enter(s, s->wph == W_DELAY ? (data_first ? W_AW : W_BEAT) :
                       s->wph == W_GAP ? W_BEAT : W_B);
        }
        break;
    case W_BEAT:
        l->wvalid = true;
        l->wready = s->w_count == 0;
        l->wlast = s->w_beat == len;
        l->wstrb[0] = reg(s, AXIPERF_TG_WSTRB);
        if (!l->wready) {
            s->w_count--;
        } else {
            s->last_hs = s->t;
            if (s->w_beat++ < len) {
                w_enter(s, W_GAP);
            } else {
                w_enter(s, data_first ? W_DELAY : W_BLAT);
            }
        }
        break;
    case W_B:
        l->bvalid = true;
        l->bready = s->w_count == 0;
        if (!l->bready) {
            s->w_count--;
        } else {
            s->last_hs = s->t;
            s->w_done++;
            w_enter(s, W_IDLE);
        }
        break;
    case W_IDLE:
    case W_DONE:
        break;
    }
}

/* The pattern has ended after this clock, CLOCKS long: a FRAME run still
 * writes its stop on the next clock. */
static void tg_done(AxiperfTrafficGen *s, uint32_t clocks)
{
    s->status = AXIPERF_TG_DONE;
    s->regs[AXIPERF_TG_CLOCKS / 4] = clocks;
    if (s->frame) {
        s->stop_pending_write = true;
    } else {
        s->running = false;
    }
}

/* The link's wires for one clock (AxiperfLinkDriver). */
static bool tg_clock(void *opaque, struct axiperf_link *l,
                     struct axiperf_axil_write *w, bool *has_w)
{
    AxiperfTrafficGen *s = opaque;

    *has_w = false;
    if (!s->running) {
        return false;
    }
    if (s->t == 0 && s->frame) {
        *w = (struct axiperf_axil_write) {
            .offset = AXIPERF_REG_CONTROL, .data = s->keep ? 1 : 3, .strb = 0xf,
        };
        *has_w = true;
    } else if (s->stop_pending_write) {
        *w = (struct axiperf_axil_write) {
            .offset = AXIPERF_REG_CONTROL, .data = 0, .strb = 0xf,
        };
        *has_w = true;
        s->stop_pending_write = false;
        s->running = false;
    } else if (reg(s, AXIPERF_TG_RESET_AT) &&
               s->t == TRAFFIC_START + reg(s, AXIPERF_TG_RESET_AT)) {
        /*
         * The link's reset, for this clock: master and slave drop what
         * they had in flight and drive nothing; the run ends with it.
         */
        s->mon->link_reset = true;
        tg_done(s, reg(s, AXIPERF_TG_RESET_AT) + 1);
    } else if (s->t >= TRAFFIC_START) {
        if (reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_READS) {
            read_clock(s, l);
        }
        if (reg(s, AXIPERF_TG_MODE) & AXIPERF_TG_WRITES) {
            write_clock(s, l);
        }
        if (reads_done(s) && writes_done(s)) {
            tg_done(s, s->last_hs - TRAFFIC_START + 1);
        }
    }
    s->t++;
    return s->running;
}

#define TG_FOREVER UINT64_MAX

/*
 * Runs of equal clocks (AxiperfLinkSteady): how many of the coming clocks
 * repeat the next clock's wires with nothing but countdowns, beat counts
 * and the time moving in the generator, and those wires. Each side stops
 * its run before anything else happens: a handshake that ends a wait, a
 * burst's last beat, a new request, a phase change; those clocks are
 * stepped by tg_clock(). The advance functions then move the state by k
 * clocks exactly as k calls of tg_clock() would.
 */
static uint64_t read_horizon(AxiperfTrafficGen *s, struct axiperf_link *l)
{
    uint32_t mode = reg(s, AXIPERF_TG_MODE);
    uint64_t h = TG_FOREVER;
    int i;

    /* AR */
    if (!s->ar_active && s->ar_issued < reg(s, AXIPERF_TG_BURSTS) &&
        s->nq < reg(s, AXIPERF_TG_DEPTH)) {
        return 0;                       /* a new request */
    }
    if (s->ar_active) {
        if (!(mode & AXIPERF_TG_HANG)) {
            if (!s->ar_wait_left) {
                return 0;               /* the handshake */
            }
            h = s->ar_wait_left;
        }
        l->arvalid = true;
        l->arid = s->ar_issued % reg(s, AXIPERF_TG_IDS);
        l->arlen = reg(s, AXIPERF_TG_LEN);
        l->arsize = reg(s, AXIPERF_TG_SIZE);
    }

    /* R */
    if (s->r_cur >= 0) {
        if (!s->r_stall_left) {
            return 0;                   /* the beat after a stall */
        }
        l->rvalid = true;
        l->rid = s->q[s->r_cur].id;
        l->rlast = s->q[s->r_cur].left == 1;
        return MIN(h, s->r_stall_left);
    }
    if (s->t < s->r_next_ok) {
        return MIN(h, s->r_next_ok - s->t);
    }
    i = pick_read(s);
    if (i < 0) {
        uint64_t next = TG_FOREVER;
        unsigned int j;

        for (j = 0; j < s->nq; j++) {
            if (s->q[j].ready > s->t) {
                next = MIN(next, s->q[j].ready);
            }
        }
        if (s->nq && next == TG_FOREVER) {
            return 0;
        }
        return MIN(h, next == TG_FOREVER ? TG_FOREVER : next - s->t);
    }
    /* a stream: beat after beat of one burst, up to its last */
    if (reg(s, AXIPERF_TG_R_STALL) || reg(s, AXIPERF_TG_R_GAP) ||
        (mode & AXIPERF_TG_INTERLEAVE) || s->q[i].left <= 1) {
        return 0;
    }
    l->rvalid = l->rready = true;
    l->rid = s->q[i].id;
    return MIN(h, s->q[i].left - 1);
}

static void read_advance(AxiperfTrafficGen *s, uint64_t k)
{
    uint32_t mode = reg(s, AXIPERF_TG_MODE);
    int i;

    if (s->ar_active && !(mode & AXIPERF_TG_HANG)) {
        s->ar_wait_left -= k;
    } else if (s->ar_active) {
        s->ar_wait_left -= MIN(k, s->ar_wait_left);
    }
    if (s->r_cur >= 0) {
        s->r_stall_left -= k;
        return;
    }
    if (s->t < s->r_next_ok) {
        return;
    }
    s->r_stall_left = reg(s, AXIPERF_TG_R_STALL);
    i = pick_read(s);
    if (i >= 0) {
        s->q[i].left -= k;
        s->last_hs = s->t + k - 1;
        s->r_next_ok = s->t + k;
    }
}

static uint64_t write_horizon(AxiperfTrafficGen *s, struct axiperf_link *l)
{
    uint32_t len = reg(s, AXIPERF_TG_LEN);

    switch (s->wph) {
    case W_DELAY:
    case W_GAP:
    case W_BLAT:
        return s->w_count - 1;          /* the last one changes phase */
    case W_AW:
        l->awvalid = true;
        l->awid = s->w_done % reg(s, AXIPERF_TG_IDS);
        l->awlen = len;
        l->awsize = reg(s, AXIPERF_TG_SIZE);
        return s->w_count;
    case W_BEAT:
        l->wvalid = true;
        l->wlast = s->w_beat == len;
        l->wstrb[0] = reg(s, AXIPERF_TG_WSTRB);
        if (s->w_count) {
            return s->w_count;
        }
        if (reg(s, AXIPERF_TG_W_WAIT) || reg(s, AXIPERF_TG_W_GAP)) {
            return 0;
        }
        l->wready = true;
        return len - s->w_beat;         /* the beats before the last */
    case W_B:
        l->bvalid = true;
        return s->w_count;
    default:
        return TG_FOREVER;
    }
}

static void write_advance(AxiperfTrafficGen *s, uint64_t k)
{
    if (s->wph == W_BEAT && !s->w_count) {
        s->w_beat += k;
        s->last_hs = s->t + k - 1;
    } else if (s->wph != W_DONE && s->wph != W_IDLE) {
        s->w_count -= k;
    }
}

static uint64_t tg_steady(void *opaque, struct axiperf_link *l, uint64_t n)
{
    AxiperfTrafficGen *s = opaque;
    uint32_t mode = reg(s, AXIPERF_TG_MODE);
    struct axiperf_link w;
    uint64_t k = n;

    if (!s->running || (s->frame && s->t == 0) || s->stop_pending_write ||
        s->t < TRAFFIC_START) {
        return 0;
    }
    if (reg(s, AXIPERF_TG_RESET_AT)) {
        uint64_t at = TRAFFIC_START + reg(s, AXIPERF_TG_RESET_AT);

        if (s->t >= at) {
            return 0;                   /* the reset clock is stepped */
        }
        k = MIN(k, at - s->t);
    }
    memset(l, 0, sizeof(*l));
    memset(&w, 0, sizeof(w));
    if (mode & AXIPERF_TG_READS) {
        k = MIN(k, read_horizon(s, l));
    }
    if (k && (mode & AXIPERF_TG_WRITES)) {
        k = MIN(k, write_horizon(s, &w));
    }
    if (!k) {
        return 0;
    }
    /* the two sides drive different wires */
    l->awvalid = w.awvalid;
    l->awready = w.awready;
    l->awid = w.awid;
    l->awlen = w.awlen;
    l->awsize = w.awsize;
    l->wvalid = w.wvalid;
    l->wready = w.wready;
    l->wlast = w.wlast;
    l->wstrb[0] = w.wstrb[0];
    l->bvalid = w.bvalid;
    l->bready = w.bready;
    if (mode & AXIPERF_TG_READS) {
        read_advance(s, k);
    }
    if (mode & AXIPERF_TG_WRITES) {
        write_advance(s, k);
    }
    s->t += k;
    return k;
}

static const char *pattern_error(AxiperfTrafficGen *s)
{
    uint32_t mode = reg(s, AXIPERF_TG_MODE);
    uint32_t bytes = s->mon->model.p.data_width / 8;

    if (!(mode & (AXIPERF_TG_READS | AXIPERF_TG_WRITES))) {
        return "MODE selects neither reads nor writes";
    }
    if (reg(s, AXIPERF_TG_BURSTS) == 0) {
        return "BURSTS is 0";
    }
    if (reg(s, AXIPERF_TG_LEN) > 255) {
        return "LEN is above 255";
    }
    if ((1u << MIN(reg(s, AXIPERF_TG_SIZE), 31)) > bytes) {
        return "SIZE is wider than the link";
    }
    if (reg(s, AXIPERF_TG_IDS) == 0 || reg(s, AXIPERF_TG_IDS) > 16) {
        return "IDS is not 1..16";
    }
    if (reg(s, AXIPERF_TG_DEPTH) == 0 || reg(s, AXIPERF_TG_DEPTH) > MAX_OUT) {
        return "DEPTH is not 1..255";
    }
    return NULL;
}

static void tg_reset_run(AxiperfTrafficGen *s)
{
    s->running = false;
    s->stop_pending_write = false;
    s->t = 0;
    s->last_hs = TRAFFIC_START - 1;
    s->ar_issued = 0;
    s->ar_active = false;
    s->nq = 0;
    s->r_cur = -1;
    s->r_next_ok = 0;
    s->w_done = 0;
    s->wph = W_IDLE;
}

static void tg_go(AxiperfTrafficGen *s, uint32_t ctrl)
{
    const char *err = pattern_error(s);

    if (err) {
        qemu_log_mask(LOG_GUEST_ERROR, "axiperf-traffic-gen: GO refused: %s\n",
                      err);
        s->status = AXIPERF_TG_ERR;
        return;
    }
    tg_reset_run(s);
    s->frame = ctrl & AXIPERF_TG_FRAME;
    s->keep = ctrl & AXIPERF_TG_KEEP;
    w_enter(s, W_IDLE);
    s->running = true;
    s->status = AXIPERF_TG_BUSY;
    s->regs[AXIPERF_TG_CLOCKS / 4] = 0;
    axiperf_monitor_kick(s->mon);
}

static uint64_t tg_read(void *opaque, hwaddr addr, unsigned size)
{
    AxiperfTrafficGen *s = opaque;
    uint32_t v;

    axiperf_monitor_sync(s->mon);
    switch (addr) {
    case AXIPERF_TG_ID:
        v = AXIPERF_TG_MAGIC;
        break;
    case AXIPERF_TG_CTRL:
        v = s->status | (s->running ? AXIPERF_TG_BUSY : 0);
        break;
    case AXIPERF_TG_CLOCK_HZ:
        v = s->mon->clock_hz;
        break;
    case AXIPERF_TG_PRESET_LO:
        v = s->preset;
        break;
    case AXIPERF_TG_PRESET_HI:
        v = s->preset >> 32;
        break;
    case AXIPERF_TG_PRESET_CMD:
        v = 0;
        break;
    case AXIPERF_TG_IRQ_RISES:
        v = s->mon->irq_rises;
        break;
    case AXIPERF_TG_HOST_NS_LO:
        v = s->mon->host_ns;
        break;
    case AXIPERF_TG_HOST_NS_HI:
        v = s->mon->host_ns >> 32;
        break;
    case AXIPERF_TG_MMIO_READS:
        v = s->mon->mmio_reads;
        break;
    case AXIPERF_TG_MMIO_WRITES:
        v = s->mon->mmio_writes;
        break;
    case AXIPERF_TG_FAULT:
        v = s->mon->fault | (s->shared_irq ? AXIPERF_TG_FAULT_SHARED_IRQ : 0);
        break;
    case AXIPERF_TG_ROUTE:
        v = s->mon->route;
        break;
    default:
        v = addr < TG_NREGS * 4 ? s->regs[addr / 4] : 0;
        break;
    }
    trace_axiperf_tg_read(addr, v);
    return v;
}

static void tg_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    AxiperfTrafficGen *s = opaque;

    trace_axiperf_tg_write(addr, val);
    axiperf_monitor_sync(s->mon);
    switch (addr) {
    case AXIPERF_TG_ID:
    case AXIPERF_TG_CLOCKS:
    case AXIPERF_TG_CLOCK_HZ:
    case AXIPERF_TG_IRQ_RISES:
    case AXIPERF_TG_HOST_NS_LO:
    case AXIPERF_TG_HOST_NS_HI:
    case AXIPERF_TG_MMIO_READS:
    case AXIPERF_TG_MMIO_WRITES:
        break;
    case AXIPERF_TG_CTRL:
        if (val & AXIPERF_TG_ABORT) {
            /* a master that gives up cannot take back an address the
             * slave has not taken: only a reset of the link can */
            if (s->running) {
                axiperf_monitor_link_reset_now(s->mon);
            }
            tg_reset_run(s);
            s->status = 0;
        } else if ((val & AXIPERF_TG_GO) && !s->running) {
            tg_go(s, val);
        }
        break;
    case AXIPERF_TG_PRESET_LO:
        s->preset = deposit64(s->preset, 0, 32, val);
        break;
    case AXIPERF_TG_PRESET_HI:
        s->preset = deposit64(s->preset, 32, 32, val);
        break;
    case AXIPERF_TG_PRESET_CMD:
        if (val & AXIPERF_TG_PRESET_MONITOR) {
            axiperf_monitor_preset(s->mon, s->preset);
        }
        if (val & AXIPERF_TG_PRESET_APM) {
            axiperf_monitor_preset_taps(s->mon, s->preset);
        }
        break;
    case AXIPERF_TG_FAULT:
        axiperf_monitor_set_fault(s->mon, val & (AXIPERF_TG_FAULT_ALL_ONES |
                                                 AXIPERF_TG_FAULT_IRQ_STUCK |
                                                 AXIPERF_TG_FAULT_LINK_HELD));
        s->shared_irq = val & AXIPERF_TG_FAULT_SHARED_IRQ;
        qemu_set_irq(s->shared_irq_out, s->shared_irq);
        break;
    case AXIPERF_TG_ROUTE:
        /* like the pattern: the route of a run is fixed at GO */
        if (!s->running) {
            axiperf_monitor_set_route(s->mon, val & (AXIPERF_TG_ROUTE_APM |
                                                     AXIPERF_TG_ROUTE_SLOT |
                                                     AXIPERF_TG_ROUTE_SPLIT |
                                                     AXIPERF_TG_ROUTE_WSLOT));
        }
        break;
    default:
        if (addr < TG_NREGS * 4 && !s->running) {
            s->regs[addr / 4] = val;
        }
        break;
    }
}

static const MemoryRegionOps tg_ops = {
    .read = tg_read,
    .write = tg_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void tg_reset(DeviceState *dev)
{
    AxiperfTrafficGen *s = AXIPERF_TRAFFIC_GEN(dev);
    uint32_t bytes = s->mon->model.p.data_width / 8;

    tg_reset_run(s);
    memset(s->regs, 0, sizeof(s->regs));
    s->status = 0;
    s->preset = 0;
    s->shared_irq = false;
    qemu_set_irq(s->shared_irq_out, 0);
    s->regs[AXIPERF_TG_MODE / 4] = AXIPERF_TG_READS;
    s->regs[AXIPERF_TG_BURSTS / 4] = 1;
    s->regs[AXIPERF_TG_IDS / 4] = 1;
    s->regs[AXIPERF_TG_DEPTH / 4] = 1;
    s->regs[AXIPERF_TG_WSTRB / 4] = bytes >= 32 ? 0xffffffffu : (1u << bytes) - 1;
}

static void tg_realize(DeviceState *dev, Error **errp)
{
    AxiperfTrafficGen *s = AXIPERF_TRAFFIC_GEN(dev);

    if (!s->mon) {
        error_setg(errp, "axiperf-traffic-gen: 'monitor' link not set");
        return;
    }
    axiperf_monitor_set_driver(s->mon, tg_clock, tg_steady, s);
}

static void tg_init(Object *obj)
{
    AxiperfTrafficGen *s = AXIPERF_TRAFFIC_GEN(obj);

    memory_region_init_io(&s->iomem, obj, &tg_ops, s,
                          TYPE_AXIPERF_TRAFFIC_GEN, AXIPERF_TG_WINDOW);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    qdev_init_gpio_out_named(DEVICE(obj), &s->shared_irq_out, "shared-irq", 1);
}

static Property tg_properties[] = {
    DEFINE_PROP_LINK("monitor", AxiperfTrafficGen, mon, TYPE_AXIPERF_MONITOR,
                     AxiperfMonitor *),
    DEFINE_PROP_END_OF_LIST(),
};

static const VMStateDescription vmstate_tg = {
    .name = TYPE_AXIPERF_TRAFFIC_GEN,
    .unmigratable = 1,
};

static void tg_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = tg_realize;
    dc->reset = tg_reset;
    dc->vmsd = &vmstate_tg;
    device_class_set_props(dc, tg_properties);
}

static const TypeInfo tg_info = {
    .name = TYPE_AXIPERF_TRAFFIC_GEN,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(AxiperfTrafficGen),
    .instance_init = tg_init,
    .class_init = tg_class_init,
};

static void tg_register_types(void)
{
    type_register_static(&tg_info);
}

type_init(tg_register_types)
