// prefix_array_rounds_bug: 1000 rounds over an array of 1000 (10^6 iterations), input index.
// Twin of prefix_array_rounds_ok with a bug: inner loop misses the last element; expected verdict false.
// witness: 999
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
  for (int r = 0; r < 1000; r++) {
    for (int i = 0; i < 999; i++) {
      a[i] += i;
    }
  }
  int k = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= k && k < 1000);
  __VERIFIER_assert(a[k] == 1000 * k);
  return 0;
}
