// bubble_sort_bug: bubble sort of 5 nondet values, sortedness checked in a loop.
// Twin of bubble_sort_ok with a bug: inner loop one comparison short; expected verdict false.
// witness: 0x4,-1
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
int a[5];
int main(void) {
  for (int i = 0; i < 5; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5 - 2 - i; j++) {
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
    }
  }
  for (int i = 0; i < 4; i++) {
    __VERIFIER_assert(a[i] <= a[i + 1]);
  }
  return 0;
}
