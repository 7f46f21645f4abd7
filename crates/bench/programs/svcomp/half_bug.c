// half_bug: counter stepping by 2 against an even input bound.
// Twin of half_ok with a bug: missing evenness assumption; expected verdict false.
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
  assume_abort_if_not(0 <= n && n <= 1000000);
  int i = 0, j = 0;
  while (i < n) {
    i += 2;
    j++;
  }
  __VERIFIER_assert(2 * j == n);
  return 0;
}
