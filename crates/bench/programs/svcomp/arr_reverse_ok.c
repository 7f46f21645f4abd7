// arr_reverse_ok: reverse copy of 100 nondet values, checked at an input index.
// Expected verdict true (the twin arr_reverse_bug has a bug).
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
int a[100], b[100];
int main(void) {
  for (int i = 0; i < 100; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (int j = 0; j < 100; j++) {
    b[j] = a[99 - j];
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 100);
  __VERIFIER_assert(b[99 - k] == a[k]);
  return 0;
}
