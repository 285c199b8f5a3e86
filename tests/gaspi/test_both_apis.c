/* GASNet-EX and GASPI in one process on the one runtime, initialised in either order (argv[1]:
 * "gaspi-first" or "gex-first"): each API's communication works beside the other's. */
#include <gasnetex.h>

#include "gaspi_test.h"

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;

static void start_gex(void) {
  if (gex_Client_Init(&client, &ep, &tm, "both_apis", NULL, NULL, 0) != GASNET_OK) FAIL("gex_Client_Init");
  gex_Segment_t seg;
  if (gex_Segment_Attach(&seg, tm, 1 << 16) != GASNET_OK) FAIL("gex_Segment_Attach");
}

int main(int argc, char **argv) {
  CHECK(argc > 1, "usage: test_both_apis gaspi-first|gex-first");
  const int gaspi_first = strcmp(argv[1], "gaspi-first") == 0;
  if (gaspi_first) {
    OK(gaspi_proc_init(GASPI_BLOCK));
    start_gex();
  } else {
    start_gex();
    OK(gaspi_proc_init(GASPI_BLOCK));
  }
  gaspi_rank_t me, np;
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  CHECK(me == gex_TM_QueryRank(tm) && np == gex_TM_QuerySize(tm), "GASPI rank %u/%u vs GASNet-EX %u/%u", me, np,
        gex_TM_QueryRank(tm), gex_TM_QuerySize(tm));
  const gaspi_rank_t right = (me + 1) % np, left = (me + np - 1) % np;

  /* GASPI: write_notify around the ring */
  OK(gaspi_segment_create(0, 1 << 16, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  unsigned long *gp;
  OK(gaspi_segment_ptr(0, (gaspi_pointer_t *)&gp));
  for (int i = 0; i < 512; ++i) gp[i] = (unsigned long)me * 1000 + i;
  OK(gaspi_write_notify(0, 0, right, 0, 4096, 4096, 3, 1, 0, GASPI_BLOCK));

  /* GASNet-EX: a put around the ring into the bound segment, then its barrier */
  unsigned long *xp = gex_Segment_QueryAddr(gex_EP_QuerySegment(ep));
  unsigned long val = 0xfeed0000ul + me;
  void *dest = (char *)gex_Segment_QueryAddr(gex_EP_QuerySegment(ep)) + 64;
  void *remote;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(tm, right, &remote, NULL, NULL, 0));
  gex_RMA_PutBlocking(tm, right, (char *)remote + 64, &val, sizeof val, 0);
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
  CHECK(*(unsigned long *)dest == 0xfeed0000ul + left, "GASNet-EX put: %lx", *(unsigned long *)dest);
  (void)xp;

  gaspi_notification_id_t id;
  OK(gaspi_notify_waitsome(0, 3, 1, &id, GASPI_BLOCK));
  for (int i = 0; i < 512; ++i) CHECK(gp[512 + i] == (unsigned long)left * 1000 + i, "GASPI write element %d", i);
  OK(gaspi_wait(0, GASPI_BLOCK));
  long mine = me, sum = 0;
  OK(gaspi_allreduce(&mine, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, GASPI_GROUP_ALL, GASPI_BLOCK));
  CHECK(sum == (long)np * (np - 1) / 2, "GASPI allreduce %ld", sum);
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (me == 0) printf("both APIs (%s): OK (%u ranks)\n", argv[1], np);
  return 0;
}
