// prefix_sum_bound_ok: 10^6 concrete iterations, then a bounded input added.
// Expected verdict true (the twin prefix_sum_bound_bug has a bug).
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern _Bool __VERIFIER_nondet_bool(void);
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } }
int main(void) {
  unsigned s = 0;
  for (unsigned i = 0; i < 1000000; i++) {
    s += 2;
  }
  unsigned x = __VERIFIER_nondet_uint();
  assume_abort_if_not(x < 100);
  __VERIFIER_assert(s + x < 2000100);
  return 0;
}
