// gopan_bug: Gopan-Reps style phase loop: y grows only in the second half.
// Twin of gopan_ok with a bug: phase switch one step late; expected verdict false.
// witness: 1
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
  assume_abort_if_not(0 <= n && n < 100000);
  int x = 0, y = n;
  while (x < 2 * n) {
    x++;
    if (x > n + 1) {
      y++;
    }
  }
  __VERIFIER_assert(y == 2 * n);
  return 0;
}
