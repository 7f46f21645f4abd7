// eqcnt_nested_ok: EQCNT: two inner loops per outer iteration whose counts must be equal.
// Expected verdict true (the twin eqcnt_nested_bug has a bug).
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
  int m = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n < 100 && 0 <= m && m < 100);
  int c1 = 0, c2 = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      c1++;
    }
    for (int k = 0; k < m; k++) {
      c2++;
    }
  }
  __VERIFIER_assert(c1 == c2);
  return 0;
}
