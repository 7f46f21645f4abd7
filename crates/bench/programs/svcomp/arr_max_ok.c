// arr_max_ok: max scan over an input-sized array of nondet values.
// Expected verdict true (the twin arr_max_bug has a bug).
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
#define N 8
int a[N];
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(1 <= n && n <= N);
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  int max = a[0];
  for (int i = 1; i < n; i++) {
    if (a[i] > max) {
      max = a[i];
    }
  }
  for (int i = 0; i < n; i++) {
    __VERIFIER_assert(a[i] <= max);
  }
  return 0;
}
