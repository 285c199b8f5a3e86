/* GASPI process management, configuration, information and errors; calls before init. */
#include "gaspi_test.h"

int main(void) {
  gaspi_rank_t rank = 7, num = 7;
  gaspi_number_t inited = 7, n;
  gaspi_config_t cfg;
  float version = 0;

  /* Before gaspi_proc_init: queries that need the job say so, configuration works. */
  OK(gaspi_initialized(&inited));
  CHECK(inited == 0, "gaspi_initialized says %u before init", inited);
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_proc_rank(&rank));
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_proc_num(&num));
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_segment_alloc(0, 4096, GASPI_MEM_INITIALIZED));
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_write(0, 0, 0, 0, 0, 8, 0, GASPI_BLOCK));
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_queue_num(&n));
  EXPECT_RC(GASPI_ERR_NOINIT, gaspi_proc_term(GASPI_BLOCK));

  /* GPI-2 1.6's defaults */
  OK(gaspi_config_get(&cfg));
  CHECK(cfg.queue_size_max == 1024, "queue_size_max %u", cfg.queue_size_max);
  CHECK(cfg.queue_num == 8, "queue_num %u", cfg.queue_num);
  CHECK(cfg.segment_max == 255, "segment_max %u", cfg.segment_max);
  CHECK(cfg.group_max == 32, "group_max %u", cfg.group_max);
  CHECK(cfg.notification_num == 65536, "notification_num %u", cfg.notification_num);
  CHECK(cfg.transfer_size_max == (1ul << 30), "transfer_size_max %lu", cfg.transfer_size_max);
  CHECK(cfg.passive_transfer_size_max == 65535, "passive_transfer_size_max %u", cfg.passive_transfer_size_max);
  CHECK(cfg.allreduce_elem_max == 255, "allreduce_elem_max %u", cfg.allreduce_elem_max);
  CHECK(cfg.allreduce_buf_size == 255 * sizeof(unsigned long), "allreduce_buf_size %lu", cfg.allreduce_buf_size);
  CHECK(cfg.rw_list_elem_max == 255, "rw_list_elem_max %u", cfg.rw_list_elem_max);
  CHECK(cfg.build_infrastructure == GASPI_TOPOLOGY_STATIC, "build_infrastructure %d", (int)cfg.build_infrastructure);
  CHECK(cfg.sn_port == 12121 && cfg.sn_timeout == 30000 && cfg.sn_persistent == 1 && cfg.logger == 1, "GPI-2 fields");

  /* Bad values are refused and leave the configuration as it was. */
  gaspi_config_t bad = cfg;
  bad.queue_num = 17;
  EXPECT_RC(GASPI_ERR_CONFIG, gaspi_config_set(bad));
  bad = cfg;
  bad.queue_size_max = 0;
  EXPECT_RC(GASPI_ERR_CONFIG, gaspi_config_set(bad));
  bad = cfg;
  bad.segment_max = 256;
  EXPECT_RC(GASPI_ERR_CONFIG, gaspi_config_set(bad));
  bad = cfg;
  bad.rw_list_elem_max = 0;
  EXPECT_RC(GASPI_ERR_CONFIG, gaspi_config_set(bad));
  EXPECT_RC(GASPI_ERR_NULLPTR, gaspi_config_get(NULL));

  /* Every settable field takes effect. */
  cfg.queue_num = 4;
  cfg.queue_size_max = 64;
  cfg.segment_max = 32;
  cfg.group_max = 8;
  cfg.notification_num = 1024;
  cfg.rw_list_elem_max = 16;
  cfg.allreduce_elem_max = 100;
  cfg.transfer_size_max = 1u << 20;
  cfg.passive_transfer_size_max = 4096;
  cfg.build_infrastructure = GASPI_TOPOLOGY_DYNAMIC;
  OK(gaspi_config_set(cfg));
  gaspi_config_t got;
  OK(gaspi_config_get(&got));
  CHECK(got.queue_num == 4 && got.queue_size_max == 64 && got.segment_max == 32 && got.group_max == 8 &&
            got.notification_num == 1024 && got.rw_list_elem_max == 16 && got.allreduce_elem_max == 100 &&
            got.transfer_size_max == (1u << 20) && got.passive_transfer_size_max == 4096 &&
            got.build_infrastructure == GASPI_TOPOLOGY_DYNAMIC,
        "config_set did not keep every field");

  OK(gaspi_proc_init(GASPI_BLOCK));
  EXPECT_RC(GASPI_ERR_INITED, gaspi_proc_init(GASPI_BLOCK));
  EXPECT_RC(GASPI_ERR_INITED, gaspi_config_set(cfg));
  OK(gaspi_initialized(&inited));
  CHECK(inited == 1, "gaspi_initialized says %u after init", inited);
  OK(gaspi_proc_rank(&rank));
  OK(gaspi_proc_num(&num));
  const char *env_size = getenv("GEX_SIZE");
  CHECK(num == (env_size ? (gaspi_rank_t)atoi(env_size) : 1), "proc_num %u", num);
  CHECK(rank < num, "rank %u of %u", rank, num);

  /* The configuration chose the limits. */
  OK(gaspi_queue_num(&n));
  CHECK(n == 4, "queue_num %u", n);
  OK(gaspi_queue_size_max(&n));
  CHECK(n == 64, "queue_size_max %u", n);
  OK(gaspi_segment_max(&n));
  CHECK(n == 32, "segment_max %u", n);
  OK(gaspi_notification_num(&n));
  CHECK(n == 1024, "notification_num %u", n);
  OK(gaspi_rw_list_elem_max(&n));
  CHECK(n == 16, "rw_list_elem_max %u", n);
  OK(gaspi_queue_max(&n));
  CHECK(n == 16, "queue_max %u", n);
  OK(gaspi_group_max(&n));
  CHECK(n == 8, "group_max %u", n);
  OK(gaspi_allreduce_elem_max(&n));
  CHECK(n == 100, "allreduce_elem_max %u", n);
  gaspi_size_t sz;
  OK(gaspi_transfer_size_max(&sz));
  CHECK(sz == (1u << 20), "transfer_size_max %lu", sz);
  OK(gaspi_passive_transfer_size_max(&sz));
  CHECK(sz == 4096, "passive_transfer_size_max %lu", sz);

  gaspi_rank_t local_rank, local_num;
  OK(gaspi_proc_local_rank(&local_rank));
  OK(gaspi_proc_local_num(&local_num));
  CHECK(local_num == num && local_rank == rank, "one host: local %u/%u vs %u/%u", local_rank, local_num, rank, num);

  OK(gaspi_version(&version));
  CHECK(version > 1.59f && version < 1.61f, "version %f", version);

  /* Error strings */
  CHECK(strcmp(gaspi_error_str(GASPI_SUCCESS), "success") == 0, "success string");
  CHECK(strcmp(gaspi_error_str(GASPI_TIMEOUT), "timeout") == 0, "timeout string");
  CHECK(strstr(gaspi_error_str(GASPI_QUEUE_FULL), "full") != NULL, "queue full string");
  CHECK(strcmp(gaspi_error_str((gaspi_return_t)99), "unknown") == 0, "unknown code");
  for (int code = GASPI_ERROR; code <= GASPI_ERR_MEMALLOC; ++code) {
    gaspi_string_t msg = NULL;
    OK(gaspi_print_error((gaspi_return_t)code, &msg));
    CHECK(msg && strcmp(msg, gaspi_error_str((gaspi_return_t)code)) == 0 && strlen(msg) > 3, "print_error %d", code);
    free(msg);
  }

  /* The state vector: every rank healthy. */
  gaspi_state_t *vec = calloc(num, sizeof *vec);
  OK(gaspi_state_vec_get(vec));
  for (gaspi_rank_t r = 0; r < num; ++r) CHECK(vec[r] == GASPI_STATE_HEALTHY, "rank %u not healthy", r);
  free(vec);

  /* Time */
  gaspi_time_t t0, t1;
  OK(gaspi_time_get(&t0));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, 10000));
  OK(gaspi_time_get(&t1));
  CHECK(t1 >= t0, "time goes back");

  for (gaspi_rank_t r = 0; r < num; ++r) OK(gaspi_proc_ping(r, 10000));

  /* Statistics: off until a verbosity level is set; then barriers are counted. */
  gaspi_number_t counters = 0, level;
  OK(gaspi_statistic_counter_max(&counters));
  CHECK(counters > 10, "statistic_counter_max %u", counters);
  gaspi_statistic_counter_t barrier_counter = counters;
  for (gaspi_statistic_counter_t c = 0; c < counters; ++c) {
    gaspi_statistic_argument_t arg;
    gaspi_string_t name, desc;
    OK(gaspi_statistic_counter_info(c, &arg, &name, &desc, &level));
    CHECK(name && desc && strlen(name) > 0, "counter %u has no name", c);
    if (strcmp(name, "Barrier") == 0) barrier_counter = c;
  }
  CHECK(barrier_counter < counters, "no Barrier counter");
  unsigned long value = 99;
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_statistic_counter_get(barrier_counter, 0, &value));
  CHECK(value == 0, "barriers counted before a verbosity level was set: %lu", value);
  OK(gaspi_statistic_verbosity_level(1));
  for (int i = 0; i < 3; ++i) OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_statistic_counter_get(barrier_counter, 0, &value));
  CHECK(value == 3, "Barrier counter %lu after 3 barriers", value);
  OK(gaspi_statistic_counter_reset(barrier_counter));
  OK(gaspi_statistic_counter_get(barrier_counter, 0, &value));
  CHECK(value == 0, "Barrier counter %lu after reset", value);
  EXPECT_RC(GASPI_ERR_INV_NUM, gaspi_statistic_counter_get(counters, 0, &value));
  OK(gaspi_statistic_verbosity_level(0));
  EXPECT_RC(GASPI_ERR_INV_RANK, gaspi_proc_ping(num, 10000));

  /* This process itself: GASPI_ERR_INV_RANK (as GPI-2; its init/kill_procs test expects it). */
  EXPECT_RC(GASPI_ERR_INV_RANK, gaspi_proc_kill(rank, GASPI_BLOCK));

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  OK(gaspi_initialized(&inited));
  CHECK(inited == 0, "gaspi_initialized says %u after term", inited);
  /* init again after term: segments and barriers work */
  OK(gaspi_proc_init(GASPI_BLOCK));
  OK(gaspi_segment_create(1, 4096, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  OK(gaspi_notify(1, (gaspi_rank_t)((rank + 1) % num), 0, 5, 0, GASPI_BLOCK));
  gaspi_notification_id_t first;
  OK(gaspi_notify_waitsome(1, 0, 1, &first, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (rank == 0) printf("gaspi basic: OK (%u ranks)\n", num);
  return 0;
}
