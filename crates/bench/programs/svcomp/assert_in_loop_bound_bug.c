// assert_in_loop_bound_bug: __VERIFIER_assert inside the loop body, two inputs.
// Twin of assert_in_loop_bound_ok with a bug: wrong constant: fails at i = n-1, k = 99; expected verdict false.
// witness: 1,99
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
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n < 1000);
  assume_abort_if_not(0 <= k && k < 100);
  for (int i = 0; i < n; i++) {
    __VERIFIER_assert(i + k < n + 98);
  }
  return 0;
}
