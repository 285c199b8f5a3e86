/* Calls that need the target's answer complete while the target computes, making no GASPI call
 * (GPI-2 serves them from a thread of its own): rank 0 registers a new segment with every other
 * rank, pings each and sends each a passive message while they spin on their segment waiting for
 * rank 0's flag. Among mapped neighbours data moves by load/store and these requests are the only
 * messages: the progress thread (docs/gaspi.md, "Progress") must receive them. Rank 0's calls give
 * up after 10 s (GASPI_TIMEOUT fails the test) and the spinning ranks after 20 s, so a missing
 * receiver fails instead of hanging. Then each other rank checks what arrived: the registered
 * segment's size and the passive message's contents. */
#include <sched.h>

#include "gaspi_test.h"
#include "monotonic.h"

#define SEG0 0
#define SEG1 1
#define SEG1_BYTES (3u << 12)
#define MSG 64
#define CALL_MS 10000

int main(void) {
  OK(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t me, np;
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  /* SEG0: [0, 8) the flag rank 0 writes; [64, 64 + MSG) rank 0's passive message; [128, 136) the
   * flag's value, sent from here */
  OK(gaspi_segment_create(SEG0, 4096, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t base;
  OK(gaspi_segment_ptr(SEG0, &base));
  volatile unsigned long *flag = (volatile unsigned long *)base;
  unsigned char *msg = (unsigned char *)base + 64;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (me == 0) {
    OK(gaspi_segment_alloc(SEG1, SEG1_BYTES, GASPI_MEM_INITIALIZED));
    for (int i = 0; i < MSG; ++i) msg[i] = (unsigned char)(7 * i + 3);
    for (gaspi_rank_t r = 1; r < np; ++r) {
      const double t0 = now_s();
      OK(gaspi_segment_register(SEG1, r, CALL_MS));
      OK(gaspi_proc_ping(r, CALL_MS));
      OK(gaspi_passive_send(SEG0, 64, r, MSG, CALL_MS));
      printf("rank %u answered register, ping and passive send in %.1f ms while computing\n", (unsigned)r,
             (now_s() - t0) * 1e3);
    }
    *(unsigned long *)((char *)base + 128) = 1;
    for (gaspi_rank_t r = 1; r < np; ++r) OK(gaspi_write(SEG0, 128, r, SEG0, 0, 8, 0, GASPI_BLOCK));
    OK(gaspi_wait(0, GASPI_BLOCK));
  } else {
    const double t0 = now_s();
    while (*flag == 0) { /* no GASPI call here */
      if (now_s() - t0 > 20) FAIL("rank %u: no flag from rank 0 after 20 s", (unsigned)me);
      sched_yield(); /* more ranks than cores: let rank 0 run */
    }
    gaspi_size_t size = 0;
    OK(gaspi_segment_size(SEG1, 0, &size));
    CHECK(size == SEG1_BYTES, "rank %u: rank 0's segment %d has %lu bytes here, want %u", (unsigned)me, SEG1,
          (unsigned long)size, SEG1_BYTES);
    gaspi_rank_t from = 9999;
    OK(gaspi_passive_receive(SEG0, 64, &from, MSG, GASPI_BLOCK));
    CHECK(from == 0, "rank %u: passive message from %u, want 0", (unsigned)me, (unsigned)from);
    for (int i = 0; i < MSG; ++i)
      CHECK(msg[i] == (unsigned char)(7 * i + 3), "rank %u: passive byte %d is %u", (unsigned)me, i, (unsigned)msg[i]);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (me == 0) printf("busy_target: %u ranks served rank 0's requests while computing: PASS\n", (unsigned)np);
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
