// triangular_in_loop_bug: running triangular sum asserted in the loop body.
// Twin of triangular_in_loop_ok with a bug: wrong constant: fails at the last iteration of n = 999; expected verdict false.
// witness: 999
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
  assume_abort_if_not(0 <= n && n < 1000);
  int x = 0;
  for (int i = 0; i < n; i++) {
    x += i;
    __VERIFIER_assert(x < 498501);
  }
  return 0;
}
