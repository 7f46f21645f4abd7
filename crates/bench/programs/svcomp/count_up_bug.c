// count_up_bug: input-bounded while loop, checked after the loop.
// Twin of count_up_ok with a bug: off-by-one assumption bound (n may be 1000); expected verdict false.
// witness: 1000
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
  assume_abort_if_not(0 <= n && n <= 1000);
  int i = 0;
  while (i < n) {
    i++;
  }
  __VERIFIER_assert(i < 1000);
  return 0;
}
