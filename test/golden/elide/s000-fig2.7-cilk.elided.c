void fork_func0(int* sum_a,int* a) {
  for(int i=0; i<5; i++)
    (*sum_a) += a[ i ];
}
void fork_func1(int* sum_b,int* b) {
  for(int i=0; i<5; i++)
    (*sum_b) += b[ i ];
}
int main() {
  int sum_a = 0, sum_b = 0;
  int a[ 5 ] = {0,1,2,3,4};
  int b[ 5 ] = {0,1,2,3,4};
  fork_func0(&sum_a,a);
  fork_func1(&sum_b,b);
}
