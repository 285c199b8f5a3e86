/* Bad input: every call returns the documented code and prints one line naming the call and
 * the argument; nothing crashes and nothing is sent. */
#include <unistd.h>

#include "gaspi_test.h"

static char captured[8192];

/* Runs `call` with stderr going to a file, then checks its code and that the message names
 * the call and contains `what`. */
#define EXPECT_ERR(code, call, name, what)                                                   \
  do {                                                                                       \
    fflush(stderr);                                                                          \
    FILE *tmp_ = tmpfile();                                                                  \
    int saved_ = dup(2);                                                                     \
    dup2(fileno(tmp_), 2);                                                                   \
    gaspi_return_t rc_ = (call);                                                             \
    fflush(stderr);                                                                          \
    dup2(saved_, 2);                                                                         \
    close(saved_);                                                                           \
    rewind(tmp_);                                                                            \
    size_t n_ = fread(captured, 1, sizeof captured - 1, tmp_);                               \
    captured[n_] = 0;                                                                        \
    fclose(tmp_);                                                                            \
    if (rc_ != (code)) FAIL("%s returned %d, expected %s", #call, (int)rc_, #code);          \
    if (!strstr(captured, name ": ") || !strstr(captured, what))                             \
      FAIL("%s: message '%s' does not name %s and '%s'", #call, captured, name, what);        \
  } while (0)

int main(void) {
  gaspi_rank_t me, np;
  EXPECT_ERR(GASPI_ERR_NOINIT, gaspi_proc_rank(&me), "gaspi_proc_rank", "before gaspi_proc_init");
  EXPECT_ERR(GASPI_ERR_NOINIT, gaspi_notify(0, 0, 0, 1, 0, GASPI_BLOCK), "gaspi_notify", "before gaspi_proc_init");
  EXPECT_ERR(GASPI_ERR_NOINIT, gaspi_segment_create(0, 4096, 0, GASPI_BLOCK, 0), "gaspi_segment_create", "before gaspi_proc_init");
  OK(gaspi_proc_init(GASPI_BLOCK));
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  OK(gaspi_segment_create(0, 1 << 16, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  const gaspi_rank_t to = (me + 1) % np;
  gaspi_notification_id_t first;
  gaspi_notification_t old;
  gaspi_atomic_value_t val;

  /* segments */
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_write(5, 0, to, 0, 0, 8, 0, GASPI_BLOCK), "gaspi_write", "local segment 5 does not exist");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_write(0, 0, to, 5, 0, 8, 0, GASPI_BLOCK), "gaspi_write", "segment 5 of rank");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_read(0, 0, to, 9, 0, 8, 0, GASPI_BLOCK), "gaspi_read", "segment 9 of rank");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_notify(3, to, 0, 1, 0, GASPI_BLOCK), "gaspi_notify", "segment 3 of rank");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_segment_delete(4), "gaspi_segment_delete", "segment 4 does not exist");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_segment_alloc(255, 4096, 0), "gaspi_segment_alloc", "segment_id 255 >= segment_max 255");
  EXPECT_ERR(GASPI_ERR_INV_SEGSIZE, gaspi_segment_alloc(1, 0, 0), "gaspi_segment_alloc", "size is 0");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_segment_alloc(0, 4096, 0), "gaspi_segment_alloc", "segment 0 already exists");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_segment_create(0, 1 << 16, GASPI_GROUP_ALL, GASPI_BLOCK, 0), "gaspi_segment_alloc", "segment 0 already exists");
  gaspi_pointer_t ptr;
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_segment_ptr(6, &ptr), "gaspi_segment_ptr", "segment 6 does not exist");
  EXPECT_ERR(GASPI_ERR_NULLPTR, gaspi_segment_ptr(0, NULL), "gaspi_segment_ptr", "ptr is NULL");
  EXPECT_ERR(GASPI_ERR_INV_SEG, gaspi_notify_waitsome(8, 0, 1, &first, GASPI_TEST), "gaspi_notify_waitsome", "local segment 8");
  /* offsets and sizes */
  EXPECT_ERR(GASPI_ERR_INV_LOC_OFF, gaspi_write(0, 65530, to, 0, 0, 8, 0, GASPI_BLOCK), "gaspi_write", "local range [65530, +8)");
  EXPECT_ERR(GASPI_ERR_INV_REM_OFF, gaspi_write(0, 0, to, 0, 65536, 8, 0, GASPI_BLOCK), "gaspi_write", "remote range [65536, +8)");
  EXPECT_ERR(GASPI_ERR_INV_REM_OFF, gaspi_read(0, 0, to, 0, 1ul << 40, 8, 0, GASPI_BLOCK), "gaspi_read", "remote range");
  OK(gaspi_write(0, 0, to, 0, 0, 0, 0, GASPI_BLOCK)); /* size 0: nothing to move, no queue entry (GPI-2) */
  OK(gaspi_notify_waitsome(0, 0, 0, &first, GASPI_BLOCK)); /* num 0: nothing to wait for (GPI-2) */
  EXPECT_ERR(GASPI_ERR_INV_COMMSIZE, gaspi_write(0, 0, to, 0, 0, (1ul << 30) + 1, 0, GASPI_BLOCK), "gaspi_write", "transfer_size_max");
  /* queues, ranks */
  EXPECT_ERR(GASPI_ERR_INV_QUEUE, gaspi_write(0, 0, to, 0, 0, 8, 8, GASPI_BLOCK), "gaspi_write", "queue 8 does not exist");
  EXPECT_ERR(GASPI_ERR_INV_QUEUE, gaspi_wait(200, GASPI_BLOCK), "gaspi_wait", "queue 200");
  EXPECT_ERR(GASPI_ERR_INV_QUEUE, gaspi_notify(0, to, 0, 1, 16, GASPI_BLOCK), "gaspi_notify", "queue 16");
  EXPECT_ERR(GASPI_ERR_INV_RANK, gaspi_write(0, 0, np, 0, 0, 8, 0, GASPI_BLOCK), "gaspi_write", "rank");
  EXPECT_ERR(GASPI_ERR_INV_RANK, gaspi_atomic_fetch_add(0, 0, np, 1, &val, GASPI_BLOCK), "gaspi_atomic_fetch_add", "rank");
  /* notifications */
  EXPECT_ERR(GASPI_ERR_INV_NOTIF_ID, gaspi_notify(0, to, 65536, 1, 0, GASPI_BLOCK), "gaspi_notify", "notification_id 65536 >= notification_num 65536");
  EXPECT_ERR(GASPI_ERR_INV_NOTIF_VAL, gaspi_notify(0, to, 0, 0, 0, GASPI_BLOCK), "gaspi_notify", "notification_value is 0");
  EXPECT_ERR(GASPI_ERR_INV_NOTIF_VAL, gaspi_write_notify(0, 0, to, 0, 0, 8, 1, 0, 0, GASPI_BLOCK), "gaspi_write_notify", "notification_value is 0");
  EXPECT_ERR(GASPI_ERR_INV_NOTIF_ID, gaspi_notify_waitsome(0, 65530, 7, &first, GASPI_TEST), "gaspi_notify_waitsome", "exceeds notification_num");
  EXPECT_ERR(GASPI_ERR_INV_NOTIF_ID, gaspi_notify_reset(0, 70000, &old), "gaspi_notify_reset", "notification_id 70000");
  /* lists */
  gaspi_segment_id_t s[2] = {0, 0};
  gaspi_offset_t o[2] = {0, 8};
  gaspi_size_t z[2] = {8, 8};
  EXPECT_ERR(GASPI_ERR_INV_NUM, gaspi_write_list(0, s, o, to, s, o, z, 0, GASPI_BLOCK), "gaspi_write_list", "num 0");
  EXPECT_ERR(GASPI_ERR_INV_NUM, gaspi_read_list(256, s, o, to, s, o, z, 0, GASPI_BLOCK), "gaspi_read_list", "num 256");
  /* atomics */
  EXPECT_ERR(GASPI_ERR_UNALIGN_OFF, gaspi_atomic_fetch_add(0, 4, to, 1, &val, GASPI_BLOCK), "gaspi_atomic_fetch_add", "offset 4");
  EXPECT_ERR(GASPI_ERR_INV_REM_OFF, gaspi_atomic_compare_swap(0, 65536, to, 0, 1, &val, GASPI_BLOCK), "gaspi_atomic_compare_swap", "offset 65536");
  /* groups and collectives */
  EXPECT_ERR(GASPI_ERR_INV_GROUP, gaspi_barrier(5, GASPI_BLOCK), "gaspi_barrier", "group 5 does not exist");
  EXPECT_ERR(GASPI_ERR_INV_GROUP, gaspi_group_delete(GASPI_GROUP_ALL), "gaspi_group_delete", "GASPI_GROUP_ALL");
  int a = 1, b;
  EXPECT_ERR(GASPI_ERR_INV_NUM, gaspi_allreduce(&a, &b, 256, GASPI_OP_SUM, GASPI_TYPE_INT, GASPI_GROUP_ALL, GASPI_BLOCK), "gaspi_allreduce", "num 256");
  /* passive */
  EXPECT_ERR(GASPI_ERR_INV_COMMSIZE, gaspi_passive_send(0, 0, to, 0, GASPI_BLOCK), "gaspi_passive_send", "size 0");
  /* gaspi_proc_kill: not this process, not a rank out of range */
  EXPECT_ERR(GASPI_ERR_INV_RANK, gaspi_proc_kill(me, GASPI_BLOCK), "gaspi_proc_kill", "cannot kill itself");
  EXPECT_ERR(GASPI_ERR_INV_RANK, gaspi_proc_kill(np, GASPI_BLOCK), "gaspi_proc_kill", "rank");
  EXPECT_ERR(GASPI_ERR_INV_QUEUE, pgaspi_queue_purge(200, GASPI_BLOCK), "gaspi_queue_purge", "queue 200");
  EXPECT_ERR(GASPI_ERROR, gaspi_set_socket_affinity(16), "gaspi_set_socket_affinity", "not below 16");

  /* none of the refused calls sent anything */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  for (gaspi_notification_id_t id = 0; id < 2; ++id) {
    OK(gaspi_notify_reset(0, id, &old));
    CHECK(old == 0, "notification %u arrived from a refused call", id);
  }
  gaspi_number_t qs;
  OK(gaspi_queue_size(0, &qs));
  CHECK(qs == 0, "refused calls took queue entries (%u)", qs);
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (me == 0) printf("gaspi errors: OK (%u ranks)\n", np);
  return 0;
}
