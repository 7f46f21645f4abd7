// ineq_nondet_bug: inequality invariant y <= x with a nondet increment.
// Twin of ineq_nondet_ok with a bug: double increment; expected verdict false.
// witness: 1x2
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
  assume_abort_if_not(0 <= n && n < 1000000);
  int x = 0, y = 0;
  while (x < n) {
    x++;
    if (__VERIFIER_nondet_bool()) {
      y += 2;
    }
  }
  __VERIFIER_assert(y <= x);
  return 0;
}
