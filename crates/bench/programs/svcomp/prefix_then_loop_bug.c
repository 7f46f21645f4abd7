// prefix_then_loop_bug: 10^6 concrete iterations, then an input-bounded loop.
// Twin of prefix_then_loop_ok with a bug: wrong modulus leaves x = 3; expected verdict false.
// witness: 0
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
  int x = 0;
  for (int i = 0; i < 1000000; i++) {
    x = (x + 3) % 999;
  }
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n < 1000);
  int y = x;
  for (int j = 0; j < n; j++) {
    y++;
  }
  __VERIFIER_assert(y == n);
  return 0;
}
