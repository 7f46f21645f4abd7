// arr_copy_input_ok: copy between arrays of 1000 over an input size, checked in a loop.
// Expected verdict true (the twin arr_copy_input_bug has a bug).
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
int a[1000], b[1000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 1000);
  for (int i = 0; i < n; i++) {
    a[i] = 3 * i + 1;
  }
  for (int j = 0; j < n; j++) {
    b[j] = a[j];
  }
  for (int i = 0; i < n; i++) {
    __VERIFIER_assert(b[i] == a[i]);
  }
  return 0;
}
