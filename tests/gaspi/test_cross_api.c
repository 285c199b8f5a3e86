/* Each API addresses the other's memory, and an Active Message raises a GASPI notification
 * (docs/gaspi.md, "Both APIs in one job"):
 *  1. a GASPI segment becomes a GASNet-EX segment: gex_Segment_Create over the memory
 *     gaspi_segment_ptr gives, bound to a created endpoint and published; then a rank writes into
 *     its right neighbour's GASPI segment with gaspi_write_notify, and the rank after that reads
 *     the same bytes with gex_RMA_GetBlocking through the endpoint;
 *  2. the reverse: gex_RMA_PutBlocking into a neighbour's GASPI segment (through the endpoint),
 *     read back with gaspi_read by another rank;
 *  3. a GASNet-EX AM handler calls gaspi_notify to its own rank: the target's
 *     gaspi_notify_waitsome returns with the value the sender chose;
 *  4. a GASNet-EX segment used as a GASPI segment (gaspi_segment_use over the attached segment's
 *     memory): gaspi_write into it, read back with gex_RMA_GetBlocking on the primordial team.
 * Every byte is checked. */
#include <gasnetex.h>

#include "gaspi_test.h"

#define SEG_BYTES (1u << 16)
#define AM_NOTIFY (GEX_AM_INDEX_BASE + 3)
#define NOTE_RING 1
#define NOTE_AM 2

static gaspi_rank_t me, np;

/* Runs on the target: the notification is this rank's own, so no message is needed. */
static void am_notify(gex_Token_t token, gex_AM_Arg_t value) {
  (void)token;
  gaspi_return_t rc = gaspi_notify(0, me, NOTE_AM, (gaspi_notification_t)value, 1, GASPI_TEST);
  if (rc != GASPI_SUCCESS) FAIL("gaspi_notify from an AM handler returned %d", (int)rc);
}

static unsigned long pattern(unsigned step, gaspi_rank_t writer, unsigned i) {
  return ((unsigned long)step << 48) ^ ((unsigned long)writer << 32) ^ (i * 2654435761ul);
}

int main(void) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  OK(gaspi_proc_init(GASPI_BLOCK));
  if (gex_Client_Init(&client, &ep, &tm, "cross_api", NULL, NULL, 0) != GASNET_OK) FAIL("gex_Client_Init");
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  const gaspi_rank_t right = (me + 1) % np, left = (me + np - 1) % np, right2 = (me + 2) % np;
  gex_AM_Entry_t h = {AM_NOTIFY, (gex_AM_Fn_t)am_notify, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 1, NULL, "notify"};
  if (gex_EP_RegisterHandlers(ep, &h, 1) != GASNET_OK) FAIL("gex_EP_RegisterHandlers");

  /* 1. The GASPI segment, and a GASNet-EX endpoint bound to the same memory. */
  OK(gaspi_segment_create(0, SEG_BYTES, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  unsigned long *gseg;
  OK(gaspi_segment_ptr(0, (gaspi_pointer_t *)&gseg));
  gex_EP_t xep;
  if (gex_EP_Create(&xep, client, GEX_EP_CAPABILITY_RMA, 0) != GASNET_OK) FAIL("gex_EP_Create");
  gex_Segment_t over_gaspi;
  if (gex_Segment_Create(&over_gaspi, client, gseg, SEG_BYTES, GEX_MK_HOST, 0) != GASNET_OK) FAIL("gex_Segment_Create");
  if (gex_EP_BindSegment(xep, over_gaspi, 0) != GASNET_OK) FAIL("gex_EP_BindSegment");
  if (gex_EP_PublishBoundSegment(tm, &xep, 1, 0) != GASNET_OK) FAIL("gex_EP_PublishBoundSegment");
  const gex_TM_t pair = gex_TM_Pair(xep, gex_EP_QueryIndex(xep));
  void *right_gaspi = NULL, *right2_gaspi = NULL;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(pair, right, &right_gaspi, NULL, NULL, 0));
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(pair, right2, &right2_gaspi, NULL, NULL, 0));
  CHECK(right_gaspi && right2_gaspi, "no bound segment published by ranks %u and %u", right, right2);

  /* gaspi_write_notify into the right neighbour's GASPI segment... */
  unsigned long *src = gseg + 1024; /* a local staging area in the same segment */
  for (unsigned i = 0; i < 256; ++i) src[i] = pattern(1, me, i);
  OK(gaspi_write_notify(0, 1024 * sizeof(long), right, 0, 0, 256 * sizeof(long), NOTE_RING, 1, 0, GASPI_BLOCK));
  gaspi_notification_id_t got;
  OK(gaspi_notify_waitsome(0, NOTE_RING, 1, &got, GASPI_BLOCK));
  gaspi_notification_t old;
  OK(gaspi_notify_reset(0, got, &old));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  /* ... read by GASNet-EX from two ranks further: what rank `right` received came from `me`. */
  unsigned long back[256];
  if (gex_RMA_GetBlocking(pair, back, right, right_gaspi, sizeof back, 0) != 0) FAIL("gex_RMA_GetBlocking");
  for (unsigned i = 0; i < 256; ++i)
    CHECK(back[i] == pattern(1, me, i), "step 1: word %u of rank %u's GASPI segment read with GASNet-EX: %lx", i, right, back[i]);

  /* 2. GASNet-EX puts into the GASPI segment of the rank two places on; GASPI reads it back. */
  unsigned long out[128];
  for (unsigned i = 0; i < 128; ++i) out[i] = pattern(2, me, i);
  if (gex_RMA_PutBlocking(pair, right2, (char *)right2_gaspi + 4096, out, sizeof out, 0) != 0) FAIL("gex_RMA_PutBlocking");
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
  /* rank `right` reads what its left neighbour (me... from its view: left) put two ranks away */
  OK(gaspi_read(0, 8192, right2, 0, 4096, sizeof out, 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  for (unsigned i = 0; i < 128; ++i)
    CHECK(gseg[1024 + i] == pattern(2, me, i), "step 2: word %u put by GASNet-EX, read by GASPI: %lx", i, gseg[1024 + i]);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  /* 3. An AM whose handler raises a GASPI notification at its target. */
  gex_AM_RequestShort1(tm, right, AM_NOTIFY, 0, (gex_AM_Arg_t)(1000 + me));
  OK(gaspi_notify_waitsome(0, NOTE_AM, 1, &got, GASPI_BLOCK));
  OK(gaspi_notify_reset(0, got, &old));
  CHECK(got == NOTE_AM && old == (gaspi_notification_t)(1000 + left), "step 3: notification %u = %u, expected %u",
        got, old, 1000 + left);
  OK(gaspi_wait(1, GASPI_BLOCK)); /* the handler's notify used queue 1 */

  /* 4. The attached GASNet-EX segment as GASPI segment 1 (gaspi_segment_use). */
  gex_Segment_t xseg;
  if (gex_Segment_Attach(&xseg, tm, SEG_BYTES) != GASNET_OK) FAIL("gex_Segment_Attach");
  unsigned long *xp = gex_Segment_QueryAddr(xseg);
  OK(gaspi_segment_use(1, xp, SEG_BYTES, GASPI_GROUP_ALL, GASPI_BLOCK, 0));
  for (unsigned i = 0; i < 64; ++i) gseg[2048 + i] = pattern(4, me, i);
  OK(gaspi_write(0, 2048 * sizeof(long), right, 1, 512, 64 * sizeof(long), 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  void *right_x = NULL;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(tm, right, &right_x, NULL, NULL, 0));
  unsigned long xback[64];
  gex_RMA_GetBlocking(tm, xback, right, (char *)right_x + 512, sizeof xback, 0);
  for (unsigned i = 0; i < 64; ++i)
    CHECK(xback[i] == pattern(4, me, i), "step 4: word %u written by GASPI into a GASNet-EX segment: %lx", i, xback[i]);
  for (unsigned i = 0; i < 64; ++i)
    CHECK(((unsigned long *)((char *)xp + 512))[i] == pattern(4, left, i), "step 4: local word %u", i);

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (me == 0) printf("cross-API memory and notifications: OK (%u ranks)\n", np);
  gasnet_exit(0);
  return 0;
}
