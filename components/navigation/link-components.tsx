"use client";

import Button, { type ButtonProps } from "@mui/material/Button";
import CardActionArea, { type CardActionAreaProps } from "@mui/material/CardActionArea";
import ListItemButton, { type ListItemButtonProps } from "@mui/material/ListItemButton";
import MuiLink, { type LinkProps } from "@mui/material/Link";
import Link from "@/components/navigation/link";

// MUI components rendered as Next links. Server components cannot pass `component={Link}` across the
// client boundary (a function prop), so the pairing lives here, on the client side.

export function LinkButton(props: Omit<ButtonProps<typeof Link>, "component">) {
  return <Button component={Link} {...props} />;
}

export function LinkListItemButton(props: Omit<ListItemButtonProps<typeof Link>, "component">) {
  return <ListItemButton component={Link} {...props} />;
}

export function LinkCardActionArea(props: Omit<CardActionAreaProps<typeof Link>, "component">) {
  return <CardActionArea component={Link} {...props} />;
}

export function TextLink(props: Omit<LinkProps<typeof Link>, "component">) {
  return <MuiLink component={Link} {...props} />;
}
