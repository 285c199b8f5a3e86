/* A rank that waits for a peer's segment registration by asking gaspi_segment_size until it
 * answers, with a sleep between and no other GASPI call (GPI-2's comm/write_all_nsizes_nobuild
 * does this). Rank 0 registers its segment with every other rank only after they have begun to
 * ask; its registration is a message they must receive: their progress thread does, and where
 * there is none (gaspi_segment_wait_nothread_*: GEX_GASPI_PROGRESS_THREAD=0) the asking must
 * (segments.cpp). Each other rank gives up after 20 s instead of hanging; rank 0's
 * gaspi_segment_register waits for their acknowledgements. */
#include <time.h>

#include "gaspi_test.h"

#define SEG_BYTES (1u << 16)

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t me, np;
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (me == 0) {
    sleep_ms(200); /* the others are in their asking loops by now */
    OK(gaspi_segment_alloc(0, SEG_BYTES, GASPI_MEM_INITIALIZED));
    for (gaspi_rank_t r = 1; r < np; ++r) OK(gaspi_segment_register(0, r, GASPI_BLOCK));
  } else {
    gaspi_size_t size = 0;
    int tries = 0;
    while (gaspi_segment_size(0, 0, &size) != GASPI_SUCCESS) {
      CHECK(++tries < 2000, "rank %u: rank 0's segment still unknown after %d tries", (unsigned)me, tries);
      sleep_ms(10);
    }
    CHECK(size == SEG_BYTES, "rank %u: size %lu, want %u", (unsigned)me, (unsigned long)size, SEG_BYTES);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (me == 0) printf("segment_wait: %u ranks learned rank 0's late registration by asking: PASS\n", (unsigned)np);
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
