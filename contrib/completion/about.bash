# bash completion for about. Load it in this shell with
#   source <(about completion bash)
# or install it for every shell, e.g.
#   about completion bash > ~/.local/share/bash-completion/completions/about
#
# Adapted from urfave/cli's autocomplete/bash_autocomplete (MIT licence):
# about answers --generate-bash-completion with the commands and flags
# that fit the words so far.

_about_init_completion() {
  COMPREPLY=()
  _get_comp_words_by_ref "$@" cur prev words cword
}

_about_complete() {
  local cur opts words cword
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  if declare -F _init_completion >/dev/null 2>&1; then
    _init_completion -n "=:" || return
  else
    _about_init_completion -n "=:" || return
  fi
  words=("${words[@]:0:$cword}")
  if [[ "$cur" == "-"* ]]; then
    opts=$("${words[@]}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${words[@]}" --generate-bash-completion 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  return 0
}

complete -o bashdefault -o default -o nospace -F _about_complete about
