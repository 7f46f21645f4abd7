// arr_copy_input_bug: copy between arrays of 1000 over an input size, checked in a loop.
// Twin of arr_copy_input_ok with a bug: copy loop misses the last element; expected verdict false.
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
int a[1000], b[1000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 1000);
  for (int i = 0; i < n; i++) {
    a[i] = 3 * i + 1;
  }
  for (int j = 0; j < n - 1; j++) {
    b[j] = a[j];
  }
  for (int i = 0; i < n; i++) {
    __VERIFIER_assert(b[i] == a[i]);
  }
  return 0;
}
