// arr_copy_const_bug: copy between two arrays of 100 nondet values.
// Twin of arr_copy_const_ok with a bug: copy starts at 1 (b[0] stays 0); expected verdict false.
// witness: 1,0x100
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
  for (int j = 1; j < 100; j++) {
    b[j] = a[j];
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 100);
  __VERIFIER_assert(a[k] == b[k]);
  return 0;
}
