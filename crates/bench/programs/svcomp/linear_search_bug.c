// linear_search_bug: linear search with break over up to 1000 nondet values.
// Twin of linear_search_ok with a bug: search loop skips the last element; expected verdict false.
// witness: 1,0x2
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
  for (int i = 0; i < n; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  int x = __VERIFIER_nondet_int();
  int pos = -1;
  for (int j = 0; j < n - 1; j++) {
    if (a[j] == x) {
      pos = j;
      break;
    }
  }
  if (pos >= 0) {
    __VERIFIER_assert(a[pos] == x);
  } else {
    for (int i = 0; i < n; i++) {
      __VERIFIER_assert(a[i] != x);
    }
  }
  return 0;
}
