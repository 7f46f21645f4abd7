// rec_countdown_bug: recursive countdown by 2 over an input up to 10000.
// Twin of rec_countdown_ok with a bug: base case returns n (-1 for odd n); expected verdict false.
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
int down(int n) {
  if (n <= 0) {
    return n;
  }
  return down(n - 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 10000);
  __VERIFIER_assert(down(n) == 0);
  return 0;
}
