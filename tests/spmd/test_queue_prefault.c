/* test_queue_prefault: the smp conduit maps a rank's own AM queues in at start-up
 * (MADV_POPULATE_WRITE), so the first lap of messages through them costs the receiver no page
 * faults. Rank 1 sends rank 0 MSGS Short requests (MSGS * 64 bytes of fresh queue, 192 pages);
 * rank 0 counts its minor page faults (getrusage) while it receives them.
 *   test_queue_prefault          expects fewer than MAX_FAULTS faults (0 measured)
 *   test_queue_prefault faults   (run with GEX_SMP_PREFAULT=0) expects at least one fault per
 *                                16 pages: the kernel maps up to 16 pages around a faulting one
 *                                when the sender has written them already (fault-around, 64 KiB),
 *                                so the count ranges from pages/16 to pages (7 and 35-41 for 64
 *                                pages, measured). This shows that the count sees the faults the
 *                                prefault removes. */
#include "test_util.h"

#include <string.h>
#include <sys/resource.h>

#define MSGS 12288    /* 768 KiB of 64-byte records: inside the 1 MiB queue */
#define MAX_FAULTS 4  /* a few for whatever else the poll loop touches first */

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_AM_Index_t h_count;
static volatile uint32_t received;

static void count_handler(gex_Token_t t) {
  (void)t;
  received++;
}

static long minor_faults(void) {
  struct rusage ru;
  CHECK_EQ(getrusage(RUSAGE_SELF, &ru), 0);
  return ru.ru_minflt;
}

int main(int argc, char **argv) {
  test_init("TEST_QUEUE_PREFAULT", &argc, &argv, &client, &ep, &tm);
  const int expect_faults = argc > 1 && !strcmp(argv[1], "faults");
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)count_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL, "count"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 1), GASNET_OK);
  h_count = table[0].gex_index;
  test_attach(tm, 64 * 1024, NULL);
  CHECK_EQ(gex_System_QueryJobSize(), 2);
  const gex_Rank_t me = gex_System_QueryJobRank();
  test_barrier(tm);
  if (me == 0) {
    const long before = minor_faults();
    test_barrier(tm); /* rank 1 starts sending */
    TEST_POLL_UNTIL(received == MSGS, 60);
    const long faults = minor_faults() - before;
    const long pages = (long)MSGS * 64 / 4096;
    TEST_LOG("%ld minor page faults while receiving %d Short AMs (%ld pages of queue)", faults, MSGS, pages);
    if (expect_faults)
      CHECKF(faults >= pages / 16, "only %ld faults for %ld fresh pages: the count cannot see them", faults, pages);
    else
      CHECKF(faults < MAX_FAULTS, "%ld page faults on the first lap of the request queue (prefault missing)", faults);
  } else {
    test_barrier(tm);
    for (int i = 0; i < MSGS; i++) CHECK_EQ(gex_AM_RequestShort0(tm, 0, h_count, 0), 0);
  }
  test_finish(tm, "test_queue_prefault");
  return 0;
}
