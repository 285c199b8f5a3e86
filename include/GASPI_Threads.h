/* libgex: GPI-2's (deprecated) thread helpers, for programs that still include them. A thread
 * calls gaspi_threads_register to get its id; gaspi_threads_sync is a barrier of the
 * gaspi_threads_init[_user] threads of this process, gaspi_threads_sync_all adds gaspi_barrier. */
#ifndef GPI2_THREADS_H
#define GPI2_THREADS_H

#include "GASPI.h"

#ifdef __cplusplus
extern "C" {
#endif

gaspi_return_t gaspi_threads_get_tid(gaspi_int *const tid) __attribute__((deprecated));
gaspi_return_t gaspi_threads_get_total(gaspi_int *const num) __attribute__((deprecated));
gaspi_return_t gaspi_threads_get_num_cores(gaspi_int *const cores) __attribute__((deprecated));
gaspi_return_t gaspi_threads_init(gaspi_int *const num) __attribute__((deprecated));
gaspi_return_t gaspi_threads_init_user(const unsigned int use_nr_of_threads) __attribute__((deprecated));
gaspi_return_t gaspi_threads_term(void) __attribute__((deprecated));
gaspi_return_t gaspi_threads_run(void *(*function)(void *), void *arg) __attribute__((deprecated));
gaspi_return_t gaspi_threads_register(gaspi_int *tid);
void gaspi_threads_sync(void);
gaspi_return_t gaspi_threads_sync_all(const gaspi_group_t g, const gaspi_timeout_t timeout_ms) __attribute__((deprecated));

#ifdef __cplusplus
}
#endif

#endif /* GPI2_THREADS_H */
