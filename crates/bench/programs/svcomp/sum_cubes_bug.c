// sum_cubes_bug: sum of cubes in unsigned long long, (n(n+1)/2)^2.
// Twin of sum_cubes_ok with a bug: loop misses the last cube; expected verdict false.
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
  unsigned n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 1000);
  unsigned long long s = 0;
  for (unsigned long long i = 1; i < n; i++) {
    s += i * i * i;
  }
  unsigned long long m = n;
  __VERIFIER_assert(4 * s == m * m * (m + 1) * (m + 1));
  return 0;
}
