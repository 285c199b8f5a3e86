/* test_long_flood: every rank but 0 floods rank 0 with non-IMMEDIATE AM Long Requests, each to a
 * region of its own, while rank 0 sleeps and then drains them. The queue (GEX_SMP_RING_BYTES)
 * holds far fewer records than are sent, so sends find it full and are retried; the smp conduit
 * writes a retried Long's payload before it has room for the record (AmMessage::early_payload).
 * Each handler checks that its payload is complete and is the one its arguments name, and rank 0
 * checks that every message arrived exactly once. */
#include "test_util.h"

#include <string.h>

#define MSGS 6000    /* per sender: 6000 records of 64 bytes, well over a 256 KiB queue */
#define BYTES 1056   /* the largest payload, at 32 bytes into its region; odd messages send 96
                        (the smp conduit writes a payload early from 1 KiB) */

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;
static uint8_t *seg;
static gex_AM_Index_t h_long;
static uint32_t got[TEST_MAX_RANKS];
static uint8_t seen[TEST_MAX_RANKS][MSGS];

static size_t region(gex_Rank_t sender, uint32_t i) { return ((size_t)(sender - 1) * MSGS + i) * (BYTES + 32) + 32; }
static size_t size_of(uint32_t i) { return i % 2 ? 96 : BYTES; }

static void long_handler(gex_Token_t t, void *buf, size_t nbytes, gex_AM_Arg_t sender, gex_AM_Arg_t i) {
  gex_Token_Info_t info;
  CHECK(gex_Token_Info(t, &info, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_EQ(info.gex_srcrank, (gex_Rank_t)sender);
  CHECK(sender >= 1 && (gex_Rank_t)sender < np && i >= 0 && i < MSGS);
  CHECK_EQ(nbytes, size_of((uint32_t)i));
  CHECK(buf == seg + region((gex_Rank_t)sender, (uint32_t)i));
  CHECK_PATTERN(buf, nbytes, test_seed((uint64_t)sender, (uint64_t)i, 7, 11));
  CHECKF(!seen[sender][i], "message %d from %d delivered twice", (int)i, (int)sender);
  seen[sender][i] = 1;
  got[sender]++;
}

int main(int argc, char **argv) {
  test_init("TEST_LONG_FLOOD", &argc, &argv, &client, &ep, &tm);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  CHECK_GE(np, 2);
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)long_handler, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 2, NULL, "long"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 1), GASNET_OK);
  h_long = table[0].gex_index;
  seg = test_attach(tm, region(np, 0) + 4096, NULL);
  void *base0;
  CHECK_EQ(gex_Segment_QueryBound(tm, 0, &base0, NULL, NULL), GASNET_OK);
  test_barrier(tm);
  if (me == 0) {
    test_sleep_ms(300); /* the senders fill the queue meanwhile */
    uint32_t expect = 0;
    for (gex_Rank_t r = 1; r < np; r++) expect += MSGS;
    const double t0 = test_now();
    for (uint32_t total = 0; total < expect;) {
      gasnet_AMPoll();
      total = 0;
      for (gex_Rank_t r = 1; r < np; r++) total += got[r];
      CHECKF(test_now() - t0 < 50, "only %u of %u Longs arrived", total, expect);
    }
    for (gex_Rank_t r = 1; r < np; r++) CHECK_EQ(got[r], MSGS);
  } else {
    uint8_t payload[BYTES];
    for (uint32_t i = 0; i < MSGS; i++) {
      test_fill(payload, size_of(i), test_seed(me, i, 7, 11));
      CHECK_EQ(gex_AM_RequestLong2(tm, 0, h_long, payload, size_of(i), (uint8_t *)base0 + region(me, i), GEX_EVENT_NOW, 0,
                                   (gex_AM_Arg_t)me, (gex_AM_Arg_t)i),
               0);
    }
  }
  test_finish(tm, "test_long_flood");
  return 0;
}
