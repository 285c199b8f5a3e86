// A GASPI program as GPI-2 users write it, in C++: write_notify around a ring, checked; built
// out of tree against the installed headers and -lGPI2 by install_test.sh.
#include <GASPI.h>
#include <GASPI_Ext.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define SUCCESS_OR_DIE(f)                                                        \
  do {                                                                           \
    const gaspi_return_t r = (f);                                                \
    if (r != GASPI_SUCCESS) {                                                    \
      std::printf("Error: '%s' [%s:%i]: %i\n", #f, __FILE__, __LINE__, int(r)); \
      std::exit(EXIT_FAILURE);                                                   \
    }                                                                            \
  } while (0)

int main() {
  SUCCESS_OR_DIE(gaspi_proc_init(GASPI_BLOCK));
  gaspi_rank_t rank, num;
  SUCCESS_OR_DIE(gaspi_proc_rank(&rank));
  SUCCESS_OR_DIE(gaspi_proc_num(&num));
  const gaspi_segment_id_t seg = 0;
  const gaspi_size_t n = 1 << 16;
  SUCCESS_OR_DIE(gaspi_segment_create(seg, 2 * n * sizeof(long), GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  gaspi_pointer_t ptr;
  SUCCESS_OR_DIE(gaspi_segment_ptr(seg, &ptr));
  long *buf = static_cast<long *>(ptr);
  for (gaspi_size_t i = 0; i < n; ++i) buf[i] = long(rank) * 1000000 + long(i);
  const gaspi_rank_t right = gaspi_rank_t((rank + 1) % num), left = gaspi_rank_t((rank + num - 1) % num);
  SUCCESS_OR_DIE(gaspi_write_notify(seg, 0, right, seg, n * sizeof(long), n * sizeof(long), 0, 1, 0, GASPI_BLOCK));
  gaspi_notification_id_t id;
  gaspi_notification_t val;
  SUCCESS_OR_DIE(gaspi_notify_waitsome(seg, 0, 1, &id, GASPI_BLOCK));
  SUCCESS_OR_DIE(gaspi_notify_reset(seg, id, &val));
  for (gaspi_size_t i = 0; i < n; ++i)
    if (buf[n + i] != long(left) * 1000000 + long(i)) {
      std::printf("rank %u: element %lu is %ld\n", rank, i, buf[n + i]);
      return 1;
    }
  SUCCESS_OR_DIE(gaspi_wait(0, GASPI_BLOCK));
  SUCCESS_OR_DIE(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (rank == 0) gaspi_printf("hello ring: OK on %u processes\n", num);
  SUCCESS_OR_DIE(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
