// mirror_sum_bug: a[i] + a[N-1-i] over an array of 1000 checked at an input index.
// Twin of mirror_sum_ok with a bug: fill loop misses the last element; expected verdict false.
// witness: 0
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
  for (int i = 0; i < 999; i++) {
    a[i] = i;
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 500);
  __VERIFIER_assert(a[k] + a[999 - k] == 999);
  return 0;
}
