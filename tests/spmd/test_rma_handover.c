/* A small put is one store: two ranks hand a token back and forth by writing a counter with
 * 1-, 2-, 4- and 8-byte puts, as GASNet's testacc hands over a lock. The even rank of each pair
 * writes odd values, the odd rank even ones; each waits for the other's value before writing
 * the next. A put done as two stores to the same word (glibc's memcpy of 2 or 4 bytes) lets a
 * preempted writer store its old value again after the peer's newer one: the counter goes
 * back, both ranks then wait for each other, and the watchdog below reports the lost write.
 * Run oversubscribed (4 ranks on 2 cores) so that preemption between two stores happens.
 *
 *   test_rma_handover [handovers=N] [seconds=S]
 * Per width, each pair does N handovers (default 250000) or stops after S seconds (default 8),
 * whichever comes first, and prints how many it did. Both paths: load/store and GEX_FORCE_AM=1.
 * The counter word lives in the odd rank's segment; both ranks write it with puts (the owner's
 * put to itself is a store too) and read it with gets.
 */
#include "test_util.h"

static uint64_t read_counter(gex_TM_t tm, gex_Rank_t owner, void *addr, size_t width) {
  return gex_RMA_GetBlockingVal(tm, owner, addr, width, 0);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  test_init("rma_handover", &argc, &argv, &client, &ep, &tm);
  long handovers = 250000;
  double seconds = 8.0;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "handovers=", 10)) handovers = atol(argv[i] + 10);
    if (!strncmp(argv[i], "seconds=", 8)) seconds = atof(argv[i] + 8);
  }
  gex_Segment_t seg;
  test_attach(tm, 1 << 16, &seg);
  const gex_Rank_t me = gex_TM_QueryRank(tm), n = gex_TM_QuerySize(tm);
  const gex_Rank_t partner = me ^ 1;
  const int paired = partner < n;
  const gex_Rank_t owner = me | 1;
  void *owner_base = NULL;
  if (paired) gex_Segment_QueryBound(tm, owner, &owner_base, NULL, NULL);

  static const size_t widths[] = {1, 2, 4, 8};
  for (size_t w = 0; w < sizeof widths / sizeof widths[0]; ++w) {
    const size_t width = widths[w];
    const uint64_t mask = width == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * width)) - 1);
    /* A different, naturally aligned word per width: no leftovers from the previous round. */
    char *word = (char *)owner_base + 64 * (w + 1);
    test_barrier(tm);
    char *stop_word = word + 32;
    long done = 0;
    if (paired) {
      /* The even rank writes odd values (it waits for even ones), the odd rank even values. */
      const uint64_t my_parity = me & 1;
      const double start = test_now();
      double last_progress = start;
      uint64_t last = (me & 1) ? 0 : mask; /* the value this rank wrote last (as if -1 at first) */
      for (;;) {
        const uint64_t v = read_counter(tm, owner, word, width);
        if ((v & 1) != my_parity) {
          gasnet_AMPoll();
          CHECKF(test_now() - last_progress < 5.0,
                 "width %zu: no handover for 5 s after %ld (counter %llu, this rank wrote %llu last): "
                 "a write was lost and both ranks wait",
                 width, done, (unsigned long long)v, (unsigned long long)last);
          continue;
        }
        /* Our turn: the value must be exactly the one after what this rank wrote last. */
        CHECKF(v == ((last + 1) & mask),
               "width %zu: handover %ld: the counter reads %llu, expected %llu: a write was lost", width, done,
               (unsigned long long)v, (unsigned long long)((last + 1) & mask));
        /* The even rank decides when to stop: it raises the stop word before its last write. */
        const int stop_now = !(me & 1) && (done >= handovers || test_now() - start > seconds);
        if ((me & 1) && read_counter(tm, owner, stop_word, 1)) break;
        if (stop_now) gex_RMA_PutBlockingVal(tm, owner, stop_word, 1, 1, 0);
        last = (v + 1) & mask;
        gex_RMA_PutBlockingVal(tm, owner, word, last, width, 0);
        ++done;
        last_progress = test_now();
        if (stop_now) break;
      }
    }
    test_barrier(tm);
    TEST_LOG("width %zu: %ld handovers", width, done);
  }
  test_finish(tm, "rma_handover");
  return 0;
}
