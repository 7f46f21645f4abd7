// cohencu_ok: Cohen's cube (invariant-generation benchmark): x == n^3 with y, z.
// Expected verdict true (the twin cohencu_bug has a bug).
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
  int a = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= a && a <= 1000);
  int n = 0, x = 0, y = 1, z = 6;
  while (n <= a) {
    __VERIFIER_assert(z == 6 * n + 6);
    __VERIFIER_assert(y == 3 * n * n + 3 * n + 1);
    __VERIFIER_assert(x == n * n * n);
    n++;
    x += y;
    y += z;
    z += 6;
  }
  __VERIFIER_assert(x == n * n * n);
  return 0;
}
