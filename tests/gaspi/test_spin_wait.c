/* A target that waits for data by reading its own segment, with no GASPI call (as GPI-2's
 * write_lat does): the data must still arrive when it travels as messages this rank has to
 * receive (ofi between hosts, GEX_FORCE_AM): the progress thread receives it (docs/gaspi.md,
 * "Progress"). Each rank writes a round number and a payload into its right neighbour's segment
 * and spins on its own until its left neighbour's arrives, for 200 rounds; a spin that sees
 * nothing for 20 s fails instead of hanging. */

#include "gaspi_test.h"
#include "monotonic.h"

#define PAYLOAD 4096

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t me, np;
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  const gaspi_segment_id_t s = 0;
  /* [0, 8): the round (written last, in its own write); [64, 64 + PAYLOAD): data; send area above */
  OK(gaspi_segment_create(s, 2 * (64 + PAYLOAD), GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t base;
  OK(gaspi_segment_ptr(s, &base));
  volatile unsigned long *flag = (volatile unsigned long *)base;
  unsigned char *data = (unsigned char *)base + 64;
  unsigned char *out = (unsigned char *)base + 64 + PAYLOAD;
  const gaspi_rank_t right = (me + 1) % np, left = (me + np - 1) % np;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  for (unsigned long round = 1; round <= 200; ++round) {
    for (int i = 0; i < PAYLOAD; ++i) out[i] = (unsigned char)(me * 31 + round + i);
    unsigned long *out_flag = (unsigned long *)(out + PAYLOAD - 8);  /* the round, sent from here */
    OK(gaspi_write(s, 64 + PAYLOAD, right, s, 64, PAYLOAD - 8, 0, GASPI_BLOCK));
    OK(gaspi_wait(0, GASPI_BLOCK)); /* the data is complete before the round is sent */
    *out_flag = round;
    OK(gaspi_write(s, 64 + 2 * PAYLOAD - 8, right, s, 0, 8, 0, GASPI_BLOCK));
    OK(gaspi_wait(0, GASPI_BLOCK));
    const double t0 = now_s();
    while (*flag < round) /* no GASPI call here */
      if (now_s() - t0 > 20) FAIL("round %lu: nothing from rank %u after 20 s of spinning on the segment", round, left);
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    for (int i = 0; i < PAYLOAD - 8; ++i)
      CHECK(data[i] == (unsigned char)(left * 31 + round + i), "round %lu byte %d", round, i);
    /* nobody writes round+1 into a neighbour before it has checked round */
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  }
  if (me == 0) printf("spin wait: 200 rounds over %u ranks\n", (unsigned)np);
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
