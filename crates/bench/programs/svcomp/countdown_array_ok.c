// countdown_array_ok: count-down loop for (i = n; i > 0; i--) writing a[i-1].
// Expected verdict true (the twin countdown_array_bug has a bug).
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
int a[1000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 1000);
  for (int i = n; i > 0; i--) {
    a[i - 1] = i;
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < n);
  __VERIFIER_assert(a[k] == k + 1);
  return 0;
}
